import { ALL_METHODS, type Check, fail, notApplicable, onPage, pass } from '../check';
import { indexOf } from '../crawl-index';
import { namesOf, observedCookies, wherePages } from '../parsing/cookies';
import { allOf, count } from '../text';

/** Follows MDN HTTP Observatory's "cookies" test (src/analyzer/tests/cookies.js) for the Secure flag. */
export const cookieSecure: Check = {
  id: 'cookie-secure',
  version: 2,
  group: 'security_headers',
  severity: 'high',
  title: 'Cookies set on HTTPS pages carry Secure',
  whyItMatters:
    'A cookie without Secure is also sent over plain HTTP, where anyone on the network can read it — a session cookie hands over the account.',
  howToFix: 'Add the Secure attribute to every cookie the site sets over HTTPS (and keep the site on HTTPS with HSTS).',
  methods: ALL_METHODS,
  evaluate(crawl) {
    const index = indexOf(crawl);
    const all = observedCookies(index);
    const cookies = all.filter((cookie) => cookie.overHttps);
    if (cookies.length === 0)
      return notApplicable(
        all.length ? 'Cookies were set only on plain-HTTP pages (see the HTTPS check)' : 'No cookies were set',
      );
    const insecure = cookies.filter((cookie) => !cookie.secure);
    const shown = insecure.length ? insecure : cookies;
    const evidence = shown.map((cookie) => onPage(cookie.pages[0], `${cookie.seenAs} — ${wherePages(cookie.pages)}`));
    if (insecure.length)
      return fail(
        `Without Secure: ${insecure.length} of ${count(cookies.length, 'cookie')} set over HTTPS (${namesOf(insecure)})`,
        evidence,
      );
    return pass(`Secure on ${allOf(cookies.length, 'cookie')} set over HTTPS`, evidence);
  },
};
