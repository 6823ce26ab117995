import type { Vendor } from '@vendorwatch/contracts';
import { crawlJobs } from '@vendorwatch/db';
import { insertCompletedCrawl, seedAssessment } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** The page's document, inside the functions Playwright runs in the browser (server code has no DOM types). */
declare const window: { scrollBy(x: number, y: number): void; scrollTo(x: number, y: number): void };
declare const document: {
  documentElement: { clientWidth: number };
  elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null;
  querySelectorAll(selector: string): ArrayLike<{
    scrollWidth: number;
    clientWidth: number;
    textContent: string | null;
    getBoundingClientRect(): { right: number; width: number; height: number };
    closest(selector: string): unknown;
  }>;
};

const SCREENS = [
  { name: '1366', viewport: { width: 1366, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
] as const;

/**
 * Methodology, the alert channel form, Crawl History, a crawl's pages, the Security page and the Programme at 1366 and 390 px: no
 * element beyond the right edge of the screen (sideways-scrolling boxes included: what is in them
 * is off-screen too), and no badge cut short.
 */
describe('screens that fit, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let user: TestUser;
  let jobId: string;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    user = await t.signUp();
    const vendor = (await (
      await user.api('/api/vendors', {
        method: 'POST',
        json: { name: 'Acme Widgets International Holdings', url: 'https://acme.example/' },
      })
    ).json()) as Vendor;
    const pages = Array.from({ length: 6 }, (_, i) => ({
      url: `https://acme.example/products/a-rather-long-category-name/item-number-${i + 1}?with=query-parameters`,
    }));
    jobId = (await seedAssessment(t.database.db, { userId: user.id, vendorId: vendor.id, method: 'http', pages })).jobId;
    await user.api('/api/alerts/channels', {
      method: 'POST',
      json: { name: 'Ops hook', kind: 'webhook', target: 'https://hooks.example/a/very/long/path/for/the/alerts/webhook' },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Elements whose right edge passes the screen's, and badges whose words do not all show. */
  const layoutFaults = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const beyond = Array.from(document.querySelectorAll('main *'))
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && box.right > width + 1;
        })
        .map((element) => (element.textContent ?? '').trim().slice(0, 60));
      const cut = Array.from(document.querySelectorAll('.mantine-Badge-label'))
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent);
      return { beyond: beyond.slice(0, 5), cut };
    });

  it("at 390 px a toast does not cover a failed crawl's Retry and Edit address", async () => {
    // A crawl that failed on the address; then the address is cleared, so Retry is refused with a toast.
    const vendor = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'Gone Vendor', url: 'https://gone.example/' } })
    ).json()) as Vendor;
    const failed = (
      await insertCompletedCrawl(t.database.db, {
        userId: user.id,
        vendorId: vendor.id,
        method: 'http',
        pages: [{ url: 'https://gone.example/' }],
      })
    ).jobId;
    await t.database.db
      .update(crawlJobs)
      .set({ status: 'failed', error: 'net::ERR_NAME_NOT_RESOLVED at https://gone.example/' })
      .where(eq(crawlJobs.id, failed));
    const cleared = await user.api(`/api/vendors/${vendor.id}`, { method: 'PUT', json: { name: 'Gone Vendor', url: '' } });
    expect(cleared.status).toBe(200);

    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
    await page.goto(`${t.baseUrl}/crawls/${failed}`);
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.click();
    const toast = page.locator('.mantine-Notification-root').first();
    await toast.waitFor({ timeout: 20_000 });
    await snapshot(page, 'crawl-failed-toast-390');

    // With the toast showing, each button is what a tap at its centre reaches (Playwright's trial click
    // checks that nothing covers it), and the toast sits at the top, under the top bar.
    for (const button of [retry, page.getByTestId('crawl-failure-edit-address')]) {
      // The worst place for it: scrolled to just above the bottom edge, where a reader's thumb leaves it.
      const box = (await button.boundingBox())!;
      await page.evaluate((by) => window.scrollBy(0, by), box.y + box.height + 16 - 844);
      const shown = (await button.boundingBox())!;
      const reached = await page.evaluate(
        ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('.mantine-Notification-root')),
        [shown.x + shown.width / 2, shown.y + shown.height / 2],
      );
      expect(reached).toBe(false);
      await button.click({ trial: true, timeout: 10_000 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(60);
    expect(toastBox.y).toBeLessThan(200);
    // The toast layer covers only its toasts: the page's top bar keeps its clicks.
    await page.getByTestId('header-logout').click({ trial: true, timeout: 10_000 });
    await page.close();
  });

  for (const { name, viewport } of SCREENS) {
    it(`at ${name} px: Methodology, the alert channel form, Crawl History, a crawl's pages, Security and the Programme fit`, async () => {
      const page = await openPage(browser, { viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
      await signInThroughUi(page, t.baseUrl, user.email, user.password);

      await page.goto(`${t.baseUrl}/methodology`);
      await page.getByRole('heading', { name: 'How Vendorwatch grades a vendor' }).waitFor();
      await page.getByText('Every page is served over HTTPS').first().waitFor();
      expect(await page.getByText('| ---').count()).toBe(0);
      expect(await layoutFaults(page)).toEqual({ beyond: [], cut: [] });
      await snapshot(page, `methodology-${name}`);

      await page.goto(`${t.baseUrl}/settings/alerts`);
      await page.getByTestId('alert-channel-row').first().waitFor();
      const urlField = page.getByLabel('Email address or webhook URL');
      // The URL field keeps a usable width: not squeezed beside the others.
      expect((await urlField.boundingBox())!.width).toBeGreaterThan(viewport.width < 500 ? 250 : 280);
      expect(await layoutFaults(page)).toEqual({ beyond: [], cut: [] });
      await snapshot(page, `alerts-${name}`);

      await page.goto(`${t.baseUrl}/crawls`);
      await page.getByTestId('crawl-history-row').first().waitFor();
      expect(await layoutFaults(page)).toEqual({ beyond: [], cut: [] });
      await snapshot(page, `crawl-history-${name}`);

      await page.goto(`${t.baseUrl}/crawls/${jobId}`);
      await page.getByTestId('crawl-job-page-row').first().waitFor();
      expect(await layoutFaults(page)).toEqual({ beyond: [], cut: [] });
      await snapshot(page, `crawl-pages-${name}`);

      // The Security page: the sessions a card each on a phone, not a table past the edge.
      await page.goto(`${t.baseUrl}/settings/security`);
      await page.getByTestId('session-row').first().getByText('This session').waitFor();
      expect(await layoutFaults(page)).toEqual({ beyond: [], cut: [] });
      await snapshot(page, `security-${name}`);

      // The programme's tier × grade matrix (cards on a phone) and its board of what is due.
      await page.goto(`${t.baseUrl}/programme`);
      await page.getByTestId('tier-grade-matrix').waitFor();
      await page.getByTestId('overdue-board').waitFor();
      expect(await layoutFaults(page)).toEqual({ beyond: [], cut: [] });
      await snapshot(page, `programme-${name}`);
      await page.close();
    });
  }
});
