import { Parser } from 'htmlparser2';
import type { TextGetter } from '../fetchers/http/http-client';
import { absoluteHttpUrl } from './canonical-url';

/** Sitemap index files nest; a handful is plenty to find a vendor site's pages. */
const MAX_SITEMAP_FILES = 10;

/**
 * Page URLs listed by the given sitemaps (robots.txt `Sitemap:` lines and /sitemap.xml), following
 * sitemap indexes. A missing, broken or gzipped sitemap contributes nothing: it is a hint, not a requirement.
 */
export async function loadSitemapUrls(
  getText: TextGetter,
  sitemapUrls: string[],
  signal: AbortSignal,
  limit: number,
): Promise<string[]> {
  const queue = [...new Set(sitemapUrls)];
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seen.size < MAX_SITEMAP_FILES && pages.length < limit) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const xml = await fetchXml(getText, url, signal);
    if (!xml) continue;
    const { locs, nested } = parseSitemap(xml);
    for (const loc of locs) {
      const page = absoluteHttpUrl(loc);
      if (page) pages.push(page);
    }
    queue.push(...nested.map((n) => absoluteHttpUrl(n)).filter((n): n is string => n !== null));
  }
  return [...new Set(pages)].slice(0, limit);
}

async function fetchXml(getText: TextGetter, url: string, signal: AbortSignal): Promise<string | null> {
  try {
    const answer = await getText(url, signal);
    if (!answer || answer.status !== 200) return null;
    return answer.text;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}

/** `<url><loc>` are pages; `<sitemap><loc>` are further sitemaps. */
export function parseSitemap(xml: string): { locs: string[]; nested: string[] } {
  const locs: string[] = [];
  const nested: string[] = [];
  const stack: string[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag: (name) => {
        stack.push(name.toLowerCase().replace(/^.*:/, ''));
        text = '';
      },
      ontext: (chunk) => {
        text += chunk;
      },
      onclosetag: () => {
        const name = stack.pop();
        if (name === 'loc') {
          const parent = stack[stack.length - 1];
          const value = text.trim();
          if (value && parent === 'url') locs.push(value);
          if (value && parent === 'sitemap') nested.push(value);
        }
        text = '';
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { locs, nested };
}
