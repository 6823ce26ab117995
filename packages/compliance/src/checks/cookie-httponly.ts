import { ALL_METHODS, type Check, fail, notApplicable, onPage, pass } from '../check';
import { indexOf } from '../crawl-index';
import { isSessionLike, namesOf, observedCookies, wherePages } from '../parsing/cookies';
import { allOf, count } from '../text';

/** Follows MDN HTTP Observatory's "cookies" test (src/analyzer/tests/cookies.js): session and login cookies need HttpOnly. */
export const cookieHttpOnly: Check = {
  id: 'cookie-httponly',
  version: 2,
  group: 'security_headers',
  severity: 'high',
  title: 'Session cookies carry HttpOnly',
  whyItMatters:
    'A session cookie that scripts can read is stolen by the first cross-site scripting bug, and the attacker is logged in as the visitor.',
  howToFix: 'Set session and login cookies from the server with the HttpOnly attribute; never create them from JavaScript.',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const cookies = observedCookies(indexOf(crawl)).filter((cookie) => isSessionLike(cookie.name));
    if (cookies.length === 0) return notApplicable('No session or login cookies were set');
    const readable = cookies.filter((cookie) => !cookie.httpOnly);
    const shown = readable.length ? readable : cookies;
    const evidence = shown.map((cookie) => onPage(cookie.pages[0], `${cookie.seenAs} — ${wherePages(cookie.pages)}`));
    if (readable.length)
      return fail(
        `Without HttpOnly: ${readable.length} of ${count(cookies.length, 'session cookie')} (${namesOf(readable)})`,
        evidence,
      );
    return pass(`HttpOnly on ${allOf(cookies.length, 'session cookie')}`, evidence);
  },
};
