import { librariesOnlyAsGlobals } from '@vendorwatch/compliance';
import { hostOf } from '../../urls/canonical-url';
import type { FetchedPage } from '../fetcher';

/** What the assessment reads of a page, on which a browser reading can differ from the HTTP one. */
export type ReadingDifference =
  'status' | 'links' | 'scripts' | 'third-party requests' | 'cookies' | 'consent' | 'library globals' | 'main text';

/** Names of the cookies the crawl's browser has held so far: a cookie already in its jar is not new to a page. */
export type CookieNames = Set<string>;

const sameSet = (a: Iterable<string>, b: Iterable<string>) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((value) => right.has(value));
};

const cookieName = (setCookie: string) => setCookie.split('=', 1)[0]!.trim();

/**
 * How the browser's reading of a page differs from the HTTP reading of the same page, on what the
 * assessment reads: the status; the links found (what the crawl follows and the policy links); the
 * scripts loaded (the browser's script requests against the HTML's `<script src>`s); the hosts requested
 * (every host the browser contacted must be one the HTML references, or the page's own); the cookies set
 * (a cookie new to the browser's jar that no Set-Cookie of the page explains was set by a script or a
 * third party); the consent facts (a consent platform or banner only the rendered page shows); library
 * globals no script URL or banner of the HTML reveals; and the main text's hash. Empty when they agree.
 * `jar` holds the cookie names the browser had before this page, and is brought up to date.
 */
export function compareReadings(http: FetchedPage, browser: FetchedPage, jar: CookieNames): ReadingDifference[] {
  const differences: ReadingDifference[] = [];
  const served = http.document;
  const rendered = browser.document;
  const facts = browser.browser;
  if (http.statusCode !== browser.statusCode) differences.push('status');
  if (!sameSet(served?.links ?? [], rendered?.links ?? [])) differences.push('links');

  const htmlScripts = served?.facts.scripts ?? [];
  const scriptsRequested = (facts?.requests ?? [])
    .filter((request) => request.resourceType === 'script')
    .map((request) => request.url);
  if (facts && !sameSet(htmlScripts, scriptsRequested)) differences.push('scripts');

  const referencedHosts = new Set([hostOf(http.finalUrl), hostOf(browser.finalUrl)]);
  for (const url of served?.facts.subresources ?? []) referencedHosts.add(hostOf(url));
  if ((facts?.requests ?? []).some((request) => /^https?:/i.test(request.url) && !referencedHosts.has(hostOf(request.url))))
    differences.push('third-party requests');

  const explained = new Set([...http.setCookies, ...browser.setCookies].map(cookieName));
  const jarNow = (facts?.cookies ?? []).map((cookie) => cookie.name);
  if (jarNow.some((name) => !jar.has(name) && !explained.has(name))) differences.push('cookies');
  for (const name of jarNow) jar.add(name);

  const consentRendered = facts?.consentPlatform != null || rendered?.facts.consentMarker != null;
  if (consentRendered !== (served?.facts.consentMarker != null)) differences.push('consent');

  if (facts && librariesOnlyAsGlobals(facts, htmlScripts).length > 0) differences.push('library globals');
  if ((served?.mainTextHash ?? null) !== (rendered?.mainTextHash ?? null)) differences.push('main text');
  return differences;
}
