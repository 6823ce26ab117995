import { parseString } from 'set-cookie-parser';
import { type CrawlIndex, finalUrlOf } from '../crawl-index';
import type { AssessedPage } from '../input';
import { count, listOf } from '../text';
import { isHttpsUrl } from '../urls';

/** A cookie as the site set it: from a Set-Cookie header, or from the browser's jar (which also holds cookies set by scripts). */
export interface ObservedCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** As written ("Lax", "strict", "none" …); null when the cookie has no SameSite attribute. */
  sameSite: string | null;
  /** Whether it was set on an HTTPS page. */
  overHttps: boolean;
  /** How it was seen, for evidence: the Set-Cookie value without its value, or the browser's view of it. */
  seenAs: string;
  /** Pages where the same cookie (name and attributes) was set, in crawl order. */
  pages: AssessedPage[];
}

/**
 * Cookies of well-known analytics and advertising tools (Google, Meta, Hotjar, Microsoft, Segment,
 * Mixpanel, Matomo, HubSpot, LinkedIn). Some carry "session" in their name (`_hjSession_…`), so they
 * are recognised first: they are neither login sessions nor strictly necessary.
 */
const KNOWN_TRACKING =
  /^(_ga|_gid|_gat|_gcl|_fbp|_fbc|_hj|_clck|_clsk|_uet|MUID|ajs_|mp_|_pk_|__utm|hubspotutk|__hs|_li|li_|IDE$|NID$)/i;

/**
 * Session and login cookies deserve HttpOnly. The Observatory's cookie test calls a cookie a session
 * identifier when its name contains "login" or "sess"; the common "sid" and "auth" names are added.
 */
const SESSION_LIKE = /sess|login|auth|(^|[_.-])sid($|[_.-])/i;
/** Anti-CSRF tokens, which the Observatory expects to carry SameSite. */
const CSRF_LIKE = /csrf|xsrf/i;

/**
 * Cookies the Observatory leaves out of its cookie test (src/analyzer/tests/cookies.js, after
 * mozilla/http-observatory#282): Heroku's router sets `heroku-session-affinity` itself, without
 * Secure, on every app behind it; it pins a visitor to a dyno and carries no session, so it is
 * neither the site's insecure cookie nor a session identifier.
 */
const PLATFORM_AFFINITY = new Set(['heroku-session-affinity']);

export const isSessionLike = (name: string) => SESSION_LIKE.test(name) && !KNOWN_TRACKING.test(name);
export const isCsrfLike = (name: string) => CSRF_LIKE.test(name);

/**
 * Cookies a site may set without asking: sessions and CSRF tokens, load-balancer and bot-protection
 * affinity, and the consent platforms' own record of the visitor's choice. Anything else (analytics
 * ids, ad ids, preferences) needs consent first.
 */
const STRICTLY_NECESSARY = [
  SESSION_LIKE,
  CSRF_LIKE,
  /^(__cf_bm|cf_clearance|__cfruid|_cfuvid|cf_chl_.*)$/i,
  /^(AWSALB|AWSALBCORS|AWSALBTG|AWSALBTGCORS|ARRAffinity|ARRAffinitySameSite|BIGipServer.*|TS01[0-9a-f]*)$/i,
  /^(incap_ses_.*|visid_incap_.*|nlbi_.*|__Host-.*|__Secure-.*)$/i,
  /^(OptanonConsent|OptanonAlertBoxClosed|CookieConsent|CookieConsentBulkSetting.*|cookieyes-consent|euconsent-v2|cookielawinfo-.*|cmplz_.*|borlabs-cookie|didomi_token|uc_settings|usercentrics.*|consentUUID|cookie_consent.*)$/i,
];

export const isStrictlyNecessary = (name: string) =>
  !KNOWN_TRACKING.test(name) && STRICTLY_NECESSARY.some((pattern) => pattern.test(name));

function fromHeader(raw: string) {
  const cookie = parseString(raw, { decodeValues: false });
  const attributes = raw
    .split(';')
    .slice(1)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    name: cookie.name,
    secure: cookie.secure === true,
    httpOnly: cookie.httpOnly === true,
    sameSite: cookie.sameSite ?? sameSiteWritten(attributes),
    seenAs: `Set-Cookie: ${[cookie.name, ...attributes].join('; ')}`,
  };
}

// set-cookie-parser drops an empty "SameSite=" (which browsers ignore); the Observatory calls that invalid, so keep it.
const sameSiteWritten = (attributes: string[]) => {
  const attribute = attributes.find((a) => /^samesite\s*(=|$)/i.test(a));
  return attribute === undefined ? null : attribute.replace(/^samesite\s*=?\s*/i, '');
};

/**
 * Every first-party cookie the crawl saw on its HTML pages, one entry per distinct cookie (name and
 * attributes), so a cookie set on each of a thousand pages is one finding listing its pages. A
 * hosting platform's own affinity cookie is left out, as the Observatory leaves it out.
 */
export function observedCookies(index: CrawlIndex): ObservedCookie[] {
  return index.memo('cookies', 'all', () => {
    const byKey = new Map<string, ObservedCookie>();
    const see = (page: AssessedPage, cookie: Omit<ObservedCookie, 'pages' | 'overHttps'>) => {
      const overHttps = isHttpsUrl(finalUrlOf(page));
      const key = [cookie.name, cookie.secure, cookie.httpOnly, cookie.sameSite?.toLowerCase(), overHttps].join('\u0000');
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { ...cookie, overHttps, pages: [page] });
      else if (seen.pages[seen.pages.length - 1] !== page) seen.pages.push(page);
    };
    for (const page of index.htmlPages) {
      for (const raw of page.setCookies) {
        const cookie = index.memo('set-cookie', raw, () => fromHeader(raw));
        if (!PLATFORM_AFFINITY.has(cookie.name)) see(page, cookie);
      }
      for (const cookie of page.browser?.cookies ?? []) {
        if (!index.isFirstPartyHost(cookie.domain.replace(/^\./, '')) || PLATFORM_AFFINITY.has(cookie.name)) continue;
        see(page, {
          name: cookie.name,
          secure: cookie.secure,
          httpOnly: cookie.httpOnly,
          sameSite: cookie.sameSite,
          seenAs: `Browser cookie ${cookie.name} (${cookie.domain}${cookie.path})${cookie.secure ? '; Secure' : ''}${cookie.httpOnly ? '; HttpOnly' : ''}${cookie.sameSite ? `; SameSite=${cookie.sameSite}` : ''}`,
        });
      }
    }
    return [...byKey.values()];
  });
}

/** "on https://www.vendor.test/ and 11 more pages". */
export function wherePages(pages: readonly AssessedPage[]): string {
  const more = pages.length - 1;
  return `on ${pages[0].url}${more ? ` and ${count(more, 'more page')}` : ''}`;
}

/** "_ga, _gid, sessionid and 2 more". */
export const namesOf = (cookies: readonly { name: string }[], shown = 5) =>
  listOf(
    cookies.map((cookie) => cookie.name),
    shown,
  );
