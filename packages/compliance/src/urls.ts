import { getDomain, getHostname, parse } from 'tldts';

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

/**
 * Whether a host name lies under a suffix of the Public Suffix List (ICANN or private) with a label of
 * its own before it: `mail.acme.co.uk` and `acme.github.io` do; `corp.internal`, `api.svc.cluster.local`,
 * `intranet.lan` and a bare `co.uk` do not — names only an internal resolver answers, or nobody's.
 */
export function isUnderPublicSuffix(host: string): boolean {
  const parsed = parse(host, { allowPrivateDomains: true, extractHostname: false });
  return parsed.domain !== null && (parsed.isIcann === true || parsed.isPrivate === true);
}

/**
 * A vendor's default primary domain: the registrable domain of its website's host by the Public Suffix
 * List (private suffixes included, so `vendor.github.io` is its own); null for an IP address, a
 * single-label host or what does not parse, which have no DNS records of their own to read.
 */
export function registrableDomainOf(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return null;
  }
  return getDomain(host, { allowPrivateDomains: true }) ?? null;
}

/**
 * One spelling for URLs that name the same page, so a start URL finds its stored page however it was
 * typed: WHATWG parsing lower-cases the scheme and host and drops the default port; the fragment is
 * dropped, an empty query too, and a trailing slash is not a different page (`/a/` is `/a`, `` is `/`),
 * as the crawl's own canonical keys have it. Query parameters are sorted. Null for what does not parse.
 * `localhost` and `127.0.0.1` stay two hosts: nothing here resolves names.
 */
export function urlIdentity(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  parsed.hash = '';
  parsed.username = '';
  parsed.password = '';
  parsed.searchParams.sort();
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.protocol}//${parsed.host}${path}${parsed.search}`;
}
