import type { Options } from 'normalize-url' with { 'resolution-mode': 'import' };

// normalize-url is an ES module; Node ≥ 20.19 loads it with require() (what our CommonJS build emits).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const normalizeUrl: (url: string, options?: Options) => string = require('normalize-url').default;

/**
 * Query parameters that only say where a visitor came from: the same page with or without them.
 * Matched against the parameter's name, case-insensitively.
 */
export const TRACKING_PARAMETERS: readonly RegExp[] = [
  /^utm_/i,
  /^(gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|twclid|ttclid|igshid|li_fat_id)$/i,
  /^(mc_eid|mc_cid|_hsenc|_hsmi|mkt_tok|_ga|_gl|oly_anon_id|oly_enc_id|vero_id|vero_conv|rb_clickid|s_cid|__s)$/i,
];

export interface CanonicalForms {
  /** What the frontier and the stored page are keyed by: two URLs with one key are one page. */
  key: string;
  /** What is requested: the URL as linked, cleaned of tracking parameters and its fragment. */
  fetch: string;
}

/**
 * One spelling per page, written once for the frontier key, the stored page and the reports
 * (normalize-url does the work): http(s) only; scheme and host lower-cased; default port,
 * credentials, fragment and tracking parameters dropped; query parameters sorted; and a trailing
 * slash twin (`/a/` and `/a`) given the same key. The form that is fetched keeps the path and the
 * parameter order as linked, since a server may answer only one of the twins; the first form seen
 * is the one fetched, and relative links on it resolve against the URL actually fetched.
 */
export class UrlCanonicalizer {
  private readonly fetchOptions: Options;
  private readonly keyOptions: Options;
  /** A crawl meets the same links on page after page (menus, footers): each is worked out once. */
  private readonly memo = new Map<string, CanonicalForms>();

  /** `keepParameters`: names a site needs (per-vendor setting), never dropped as tracking. */
  constructor(keepParameters: readonly string[] = []) {
    const keep = new Set(keepParameters.map((name) => name.trim().toLowerCase()).filter(Boolean));
    const removeQueryParameters = keep.size === 0 ? TRACKING_PARAMETERS : trackingExcept(keep);
    this.fetchOptions = {
      normalizeProtocol: false,
      stripWWW: false,
      stripHash: true,
      stripTextFragment: true,
      removeDirectoryIndex: false,
      removeQueryParameters,
      sortQueryParameters: false,
      removeTrailingSlash: false,
      removeSingleSlash: true,
    };
    this.keyOptions = { ...this.fetchOptions, sortQueryParameters: true, removeTrailingSlash: true };
  }

  /** Both forms of `raw` (resolved against `base`), or null for anything that is not an http(s) URL. */
  forms(raw: string, base?: string): CanonicalForms | null {
    // A page's links come resolved already (absoluteHttpUrl, which gives back what it is given): a link
    // seen before is not parsed again.
    const known = base === undefined ? this.memo.get(raw) : undefined;
    if (known) return known;
    const absolute = absoluteHttpUrl(raw, base);
    if (!absolute) return null;
    let forms = this.memo.get(absolute);
    if (!forms) {
      forms = { key: this.apply(absolute, this.keyOptions), fetch: this.apply(absolute, this.fetchOptions) };
      if (this.memo.size >= MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(absolute, forms);
    }
    return forms;
  }

  key(raw: string, base?: string): string | null {
    return this.forms(raw, base)?.key ?? null;
  }

  private apply(url: string, options: Options): string {
    // Through WHATWG URL once more: one spelling of the root path ('/') whatever normalize-url did to it.
    return new URL(normalizeUrl(url, options)).href;
  }
}

/** URLs remembered per crawl: a site's navigation and then some, bounded. */
const MEMO_SIZE = 10_000;

/** The tracking list minus the names a site keeps (normalize-url matches parameter names). */
function trackingExcept(keep: Set<string>): RegExp[] {
  const kept = [...keep].map(escape).join('|');
  return TRACKING_PARAMETERS.map((pattern) => new RegExp(`^(?!(?:${kept})$)(?:${pattern.source})`, 'i'));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `raw` resolved against `base` when it is an http(s) URL with a host, else null; without its
 * fragment and credentials, which are never sent to a server.
 */
export function absoluteHttpUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(raw.trim()) : new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  return url.href;
}

export const hostOf = (url: string) => new URL(url).host;
export const originOf = (url: string) => new URL(url).origin;
