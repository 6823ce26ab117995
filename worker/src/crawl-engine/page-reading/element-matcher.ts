import { isIgnoreSelector } from '@vendorwatch/contracts';

interface CompoundSelector {
  tag: string | null;
  id: string | null;
  classes: string[];
  attributes: { name: string; value: string | null }[];
}

const PART = /#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:="([^"\]]*)")?\]/g;

function parse(selector: string): CompoundSelector {
  const tag = /^[a-z][a-z0-9-]*/i.exec(selector)?.[0]?.toLowerCase() ?? null;
  const parsed: CompoundSelector = { tag, id: null, classes: [], attributes: [] };
  for (const [, id, cls, name, value] of selector.matchAll(PART)) {
    if (id) parsed.id = id;
    else if (cls) parsed.classes.push(cls);
    else if (name) parsed.attributes.push({ name: name.toLowerCase(), value: value ?? null });
  }
  return parsed;
}

const matches = (selector: CompoundSelector, tag: string, attributes: Record<string, string>) => {
  if (selector.tag && selector.tag !== tag) return false;
  if (selector.id && attributes.id !== selector.id) return false;
  if (selector.classes.length) {
    const classes = (attributes.class ?? '').split(/\s+/);
    if (!selector.classes.every((name) => classes.includes(name))) return false;
  }
  return selector.attributes.every(({ name, value }) =>
    value === null ? attributes[name] !== undefined : attributes[name] === value,
  );
};

/**
 * Whether an element is one of a vendor's ignored selectors, decided as the element opens (the
 * extractor streams and builds no DOM, so selectors are compound: tag, #id, .class, [attr]).
 * Selectors the contracts schema refuses are skipped.
 */
export type ElementMatcher = (tag: string, attributes: Record<string, string>) => boolean;

export function elementMatcher(selectors: readonly string[] | undefined): ElementMatcher | null {
  const parsed = (selectors ?? []).filter((s) => typeof s === 'string' && isIgnoreSelector(s)).map(parse);
  if (parsed.length === 0) return null;
  return (tag, attributes) => parsed.some((selector) => matches(selector, tag, attributes));
}
