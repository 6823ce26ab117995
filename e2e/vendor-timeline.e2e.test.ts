import type { INestApplicationContext } from '@nestjs/common';
import type { CrawlJob, Paginated, TimelineEntry, Vendor } from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { startFixtureSite, waitFor, type FixtureSite } from '../test-support';
import { createWorkerApp } from '../worker/src/worker-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/**
 * The vendor timeline in a real browser against the built app, the real API, a worker and a local
 * vendor site whose privacy policy the test changes between two crawls: the latest crawl shows the
 * changed policy page, and its diff the changed words.
 */
describe('the vendor timeline, in a real browser', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let site: FixtureSite;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    site = await startFixtureSite();
    t = await startTestApp({ FRONTEND_DIST });
    worker = await createWorkerApp(t.config);
    user = await t.signUp();
    vendor = await addVendor(user, site, { maxPages: 50, crawlDelay: 500, excludePatterns: ['/drafts/**'] }, 'Timeline Co');
    browser = await launchBrowser();
    page = await openPage(browser);
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await site?.close();
  });

  /** Starts a crawl and waits until it completed and was compared with the one before. */
  const crawlAndWait = async () => {
    const started = await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as CrawlJob;
    await waitFor(
      async () => {
        const { items } = (await (await user.api(`/api/vendors/${vendor.id}/timeline`)).json()) as Paginated<TimelineEntry>;
        return items.find((entry) => entry.crawlJobId === id)?.changes;
      },
      { what: `crawl ${id} to be compared`, timeoutMs: 90_000 },
    );
  };

  it("opens the vendor's timeline after two crawls and shows the changed policy page's diff", async () => {
    site.setPage('/privacy', 'Privacy Policy', '<main><h1>Privacy Policy</h1><p>We never sell your personal data.</p></main>');
    await crawlAndWait();
    site.setPage(
      '/privacy',
      'Privacy Policy',
      '<main><h1>Privacy Policy</h1><p>We may sell your personal data to partners.</p></main>',
    );
    await crawlAndWait();

    await page.goto(`${t.baseUrl}/vendors`);
    await page.getByRole('link', { name: 'Timeline Co', exact: true }).click();
    const entries = page.getByTestId('timeline-entry');
    await entries.nth(1).waitFor();
    const latest = entries.first();
    await latest.getByTestId('timeline-counts').getByText('1 policy page').waitFor();
    await latest.getByRole('button', { name: /^Crawl of/ }).click();
    const privacy = latest.locator('[data-testid="page-change"][data-kind="changed"]', { hasText: 'Privacy policy' });
    await privacy.getByRole('button', { name: 'Show diff' }).click();
    const diff = privacy.getByTestId('word-diff');
    await diff.locator('ins', { hasText: 'may' }).first().waitFor();
    await diff.locator('del', { hasText: 'never' }).first().waitFor();
    await snapshot(page, 'vendor-timeline-diff');
    // Two polite crawls of about 20 s each (each waited on for up to 90 s): 45 s alone, three times that beside
    // the bench smoke, so the tier's 120 s is too short.
  }, 300_000);
});
