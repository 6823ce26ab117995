/**
 * One spelling per URL, so the frontier's primary key de-duplicates: http(s) only, fragment
 * dropped, host lower-cased and default port removed (WHATWG URL does both), an empty `?` dropped.
 * The query is kept as written: reordering it could name a different page.
 */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw.trim()) : new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  // `search` reads '' for a bare '?', which `href` would keep; assigning '' drops it.
  if (!url.search) url.search = '';
  return url.href;
}

export const hostOf = (url: string) => new URL(url).host;
export const originOf = (url: string) => new URL(url).origin;
