import type { BrowserCookie, BrowserFacts } from '@vendorwatch/compliance';
import type { Page } from 'puppeteer';
import type { AxeSampler } from './axe-sampler';
import { consentDetectorsFor } from './consent-platforms';
import { readLibraryGlobals } from './library-globals';
import type { ScriptBanners } from './script-banners';

/** Requests kept per page: enough to see every third party a page loads, bounded for storage. */
const MAX_REQUESTS = 500;

export interface RequestLog {
  url: string;
  resourceType: string;
}

/**
 * What the browser knows about a page once it has loaded, before anyone clicked anything (the
 * crawl never answers a consent banner): the requests it made, the cookies set in the crawl's
 * browser context (third-party ones included), the consent-management platform recognised by
 * @duckduckgo/autoconsent's rules, axe-core's accessibility results when the crawl's sampler
 * checks this page, the first bytes of the scripts it loaded and the libraries its globals expose (what
 * the vulnerable-library check and the technology inventory read).
 */
export async function readBrowserFacts(
  page: Page,
  requests: RequestLog[],
  axe: AxeSampler,
  banners: ScriptBanners,
  template?: string | null,
): Promise<BrowserFacts> {
  // The globals are read before axe-core is injected: its bundle adds globals of its own (core-js's).
  const libraries = readLibraryGlobals(page);
  const [cookies, consentPlatform, axeFacts, scripts] = await Promise.all([
    page.browserContext().cookies(),
    detectConsentPlatform(page),
    libraries.then(() => axe.check(page, template)),
    banners.collect(),
  ]);
  return {
    requests: requests.slice(0, MAX_REQUESTS),
    cookies: cookies.map((cookie): BrowserCookie => ({
      name: cookie.name,
      domain: cookie.domain,
      path: cookie.path,
      secure: cookie.secure,
      httpOnly: cookie.httpOnly ?? false,
      sameSite: cookie.sameSite === 'Strict' || cookie.sameSite === 'Lax' || cookie.sameSite === 'None' ? cookie.sameSite : null,
      session: cookie.session,
      expires: cookie.session || cookie.expires < 0 ? null : Math.round(cookie.expires),
    })),
    consentPlatform,
    axe: axeFacts,
    scripts,
    libraries: await libraries,
  };
}

/** The first consent platform whose detection selectors all match the rendered page, or null. */
async function detectConsentPlatform(page: Page): Promise<string | null> {
  const detectors = consentDetectorsFor(page.url());
  // Source text: it runs in the page, where the Node build's DOM types do not exist.
  const found = await page.evaluate(
    `((detectors) => {
      const exists = (selector) => { try { return document.querySelector(selector) !== null; } catch { return false; } };
      const hit = detectors.find((detector) => detector.all.every((any) => any.some(exists)));
      return hit ? hit.name : null;
    })(${JSON.stringify(detectors)})`,
  );
  return typeof found === 'string' ? found : null;
}
