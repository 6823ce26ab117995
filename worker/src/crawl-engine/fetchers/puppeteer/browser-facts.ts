import type { AxeFacts, BrowserCookie, BrowserFacts } from '@vendorwatch/compliance';
import { readFileSync } from 'node:fs';
import type axe from 'axe-core';
import type { Page } from 'puppeteer';
import { consentDetectorsFor } from './consent-platforms';

/** Requests kept per page: enough to see every third party a page loads, bounded for storage. */
const MAX_REQUESTS = 500;
const MAX_AXE_TARGETS = 5;

export interface RequestLog {
  url: string;
  resourceType: string;
}

/**
 * What the browser knows about a page once it has loaded, before anyone clicked anything (the
 * crawl never answers a consent banner): the requests it made, the cookies set in the crawl's
 * browser context (third-party ones included), the consent-management platform recognised by
 * @duckduckgo/autoconsent's rules, and — when `withAxe` — axe-core's accessibility results.
 */
export async function readBrowserFacts(page: Page, requests: RequestLog[], withAxe: boolean): Promise<BrowserFacts> {
  const [cookies, consentPlatform, axeFacts] = await Promise.all([
    page.browserContext().cookies(),
    detectConsentPlatform(page),
    withAxe ? runAxe(page) : Promise.resolve(null),
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

/**
 * axe-core's minified build (the package's `source` is the readable one, 2.3 times larger): Chromium
 * parses it into every page axe runs on, 0.25 s of the renderer's time against 0.35 s, measured.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rules of WCAG 2 levels A and AA: the accessibility basics, at a tenth of the cost of every rule. */
const AXE_RUN = `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })`;

/**
 * axe's time grows with the document: on a page of tens of thousands of elements it runs for
 * minutes, holding the page's thread (and the crawl) all along. Larger documents go without.
 */
const AXE_MAX_ELEMENTS = 10_000;

async function runAxe(page: Page): Promise<AxeFacts | null> {
  try {
    const elements = await page.evaluate(`document.getElementsByTagName('*').length`);
    if (typeof elements !== 'number' || elements > AXE_MAX_ELEMENTS) return null;
    await page.evaluate(AXE_SOURCE);
    const results = (await page.evaluate(AXE_RUN)) as axe.AxeResults;
    return {
      version: results.testEngine.version,
      violations: results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        helpUrl: violation.helpUrl,
        nodes: violation.nodes.length,
        targets: violation.nodes.slice(0, MAX_AXE_TARGETS).map((node) => node.target.join(' ')),
      })),
      passes: results.passes.length,
    };
  } catch {
    // A page that navigates or closes during the analysis has no accessibility result, not a failed crawl.
    return null;
  }
}
