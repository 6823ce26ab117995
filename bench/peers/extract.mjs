import { requireFrom } from '../lib/paths.mjs';

const { Parser } = requireFrom('worker', 'htmlparser2');

/**
 * The ceiling's per-page work, as little as it can be: a streaming htmlparser2 pass (the parser the
 * product uses) collecting the title, the meta description and the absolute http(s) links.
 */
export function createExtractor(pageUrl) {
  let title = null;
  let titleText = '';
  let inTitle = false;
  let description = null;
  const links = new Set();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && title === null) inTitle = true;
        else if (name === 'meta' && description === null && attributes.name?.toLowerCase() === 'description')
          description = attributes.content?.trim() || null;
        else if (name === 'a' && attributes.href !== undefined) {
          const link = absolute(attributes.href, pageUrl);
          if (link) links.add(link);
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText.replace(/\s+/g, ' ').trim() || null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  return {
    write: (chunk) => parser.write(chunk),
    end() {
      parser.end();
      return { title, description, links: [...links] };
    },
  };
}

/** Absolute http(s) URL without its fragment, or null. */
export function absolute(href, base) {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
