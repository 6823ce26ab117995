import { ALL_METHODS, type Check, notApplicable, onPage } from '../check';
import { indexOf } from '../crawl-index';
import { isCsrfLike, namesOf, type ObservedCookie, observedCookies, wherePages } from '../parsing/cookies';
import { allOf, count } from '../text';

const VALID = new Set(['strict', 'lax', 'none']);

/** Why a cookie fails, or null: a SameSite value browsers reject, None without Secure, an anti-CSRF token without SameSite. */
function problemOf(cookie: ObservedCookie): string | null {
  const sameSite = cookie.sameSite?.trim().toLowerCase();
  if (sameSite === undefined) return isCsrfLike(cookie.name) ? 'anti-CSRF token without SameSite' : null;
  if (!VALID.has(sameSite)) return `SameSite=${cookie.sameSite} is not Strict, Lax or None`;
  if (sameSite === 'none' && !cookie.secure) return 'SameSite=None without Secure (browsers reject it)';
  return null;
}

/**
 * Follows MDN HTTP Observatory's "cookies" test (src/analyzer/tests/cookies.js): an invalid SameSite,
 * SameSite=None without Secure and anti-CSRF tokens without SameSite fail; other cookies without
 * SameSite pass as the Observatory passes them (they only miss its bonus, browsers treat them as Lax),
 * and the summary and evidence say that declaring it would be better.
 */
export const cookieSameSite: Check = {
  id: 'cookie-samesite',
  version: 3,
  group: 'security_headers',
  severity: 'medium',
  title: 'Cookies declare SameSite',
  whyItMatters:
    'SameSite keeps cookies off requests that other sites trigger, which blocks cross-site request forgery against logged-in visitors.',
  howToFix:
    'Give every cookie `SameSite=Lax` (or Strict); use `SameSite=None; Secure` only for cookies meant for cross-site use.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const cookies = observedCookies(indexOf(crawl));
    if (cookies.length === 0) return notApplicable('No cookies were set');
    const failing = cookies.flatMap((cookie) => {
      const problem = problemOf(cookie);
      return problem ? [{ cookie, problem }] : [];
    });
    const missing = cookies.filter((cookie) => cookie.sameSite === null && !problemOf(cookie));
    const describe = (cookie: ObservedCookie, note?: string) =>
      onPage(cookie.pages[0], `${cookie.seenAs}${note ? ` (${note})` : ''} — ${wherePages(cookie.pages)}`);
    if (failing.length)
      return {
        outcome: 'fail',
        summary: `Unsafe or invalid SameSite: ${failing.length} of ${count(cookies.length, 'cookie')} (${namesOf(failing.map((f) => f.cookie))})`,
        evidence: [
          ...failing.map(({ cookie, problem }) => describe(cookie, problem)),
          ...missing.map((c) => describe(c, 'no SameSite')),
        ],
      };
    if (missing.length)
      return {
        outcome: 'pass',
        summary: `No unsafe SameSite; ${missing.length} of ${count(cookies.length, 'cookie')} rely on the browser's Lax default (${namesOf(missing)}) — declaring SameSite would be better`,
        evidence: cookies.map((cookie) => describe(cookie, cookie.sameSite === null ? 'no SameSite' : undefined)),
      };
    return {
      outcome: 'pass',
      summary: `SameSite on ${allOf(cookies.length, 'cookie')}`,
      evidence: cookies.map((c) => describe(c)),
    };
  },
};
