import { getDomain, getHostname } from 'tldts';

const HTTP_URL = /^https?:\/\//i;

export const isHttpUrl = (url: string) => HTTP_URL.test(url);
export const isHttpsUrl = (url: string) => url.slice(0, 8).toLowerCase() === 'https://';
export const isPlainHttpUrl = (url: string) => url.slice(0, 7).toLowerCase() === 'http://';

// The shape nearly every subresource URL has: scheme, plain host name, optional port, path.
const PLAIN_AUTHORITY = /^https?:\/\/([a-z0-9.-]+)(?::\d+)?(?:[/?#]|$)/i;

/** The lower-cased host of an http(s) URL; null for data:, blob:, mailto: and what does not parse. */
export function hostOf(url: string): string | null {
  // A crawl holds tens of thousands of request URLs: read the plain ones directly, leave the rest
  // (user info, IPv6, odd escapes) to tldts.
  const plain = PLAIN_AUTHORITY.exec(url);
  if (plain) return plain[1].toLowerCase();
  if (!isHttpUrl(url)) return null;
  return getHostname(url) || null;
}

/**
 * The registrable domain ("eTLD+1") of a host, private suffixes included (`vendor.github.io` is its
 * own site), so `cdn.vendor.com` and `www.vendor.com` are one site. Hosts without one (an IP address,
 * `localhost`) stand for themselves.
 */
export function siteOf(host: string): string {
  return getDomain(host, { allowPrivateDomains: true, extractHostname: false }) ?? host;
}
