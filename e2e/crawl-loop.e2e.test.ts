import type { INestApplicationContext } from '@nestjs/common';
import type { CrawlJob, Paginated, TimelineEntry, Vendor } from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import { addVendor, freePort, startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { startFixtureSite, waitFor, type FixtureSite } from '../test-support';
import { createWorkerApp } from '../worker/src/worker-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/**
 * The crawl loop in a real browser against the built app, the real API, a worker and a local vendor
 * site: a crawl started from the vendors list opens live, completes, and leads to its report and its
 * changes; a crawl of a site that cannot be reached says why in plain words and offers Retry; and on a
 * phone the vendors list is cards whose every action is on screen.
 */
describe('the crawl loop, in a real browser', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let site: FixtureSite;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let vendor: Vendor;
  let unreachable: Vendor;

  beforeAll(async () => {
    site = await startFixtureSite();
    t = await startTestApp({ FRONTEND_DIST });
    worker = await createWorkerApp(t.config);
    user = await t.signUp();
    // Nothing listens on this port: the crawl is refused at once.
    unreachable = (await (
      await user.api('/api/vendors', {
        method: 'POST',
        json: { name: 'Gone Co', url: `http://127.0.0.1:${await freePort()}/`, description: 'A site that is down' },
      })
    ).json()) as Vendor;
    vendor = await addVendor(user, site, { maxPages: 8, crawlDelay: 500, excludePatterns: ['/drafts/**'] }, 'Loop Co');
    // A first crawl, so that the one started from the browser has one to be compared with.
    const first = (await (
      await user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } })
    ).json()) as CrawlJob;
    await waitFor(
      async () => {
        const { items } = (await (await user.api(`/api/vendors/${vendor.id}/timeline`)).json()) as Paginated<TimelineEntry>;
        return items.find((entry) => entry.crawlJobId === first.id)?.changes;
      },
      { what: 'the first crawl to be compared', timeoutMs: 90_000 },
    );
    site.setPage('/about', 'About us', '<main><h1>About us</h1><p>We now make rockets as well as anvils.</p></main>');
    browser = await launchBrowser();
    page = await openPage(browser, { viewport: { width: 1366, height: 900 } });
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await site?.close();
  });

  /** No sideways scrolling: the document is no wider than the viewport. */
  const fitsWidth = (on: Page) => on.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  const row = (name: string) => page.getByTestId('vendor-row').filter({ has: page.getByRole('link', { name, exact: true }) });

  it('starts a crawl from the vendors list, lands on the live crawl, and follows it to its report and its changes', async () => {
    await page.goto(`${t.baseUrl}/vendors`);
    await row('Loop Co').locator('[data-testid="last-crawl"][data-status="completed"]').waitFor();
    await row('Loop Co').getByRole('button', { name: 'Crawl Loop Co' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Crawl' });
    await dialog.getByText('HTTP', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Start Crawl' }).click();

    // The live crawl opens at once: running (or still queued), then completed.
    await page.waitForURL(/\/crawls\/[0-9a-f-]{36}$/);
    const jobId = page.url().split('/').pop()!;
    await page.getByTestId('crawl-job-status').waitFor();
    await snapshot(page, 'crawl-loop-live-1366');
    await page.locator('[data-testid="crawl-job-status"][data-status="completed"]').waitFor();
    expect(await page.getByTestId('crawl-job-progress-percent').textContent()).toBe('100%');
    expect(await page.getByTestId('crawl-job-page-row').count()).toBeGreaterThan(0);

    // Its report, once assessed.
    await page.getByRole('link', { name: 'Open report' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    await page.getByTestId('report-header').waitFor();
    const report = (await (await user.api(`/api/crawls/${jobId}`)).json()) as CrawlJob;
    expect(page.url()).toBe(`${t.baseUrl}/reports/${report.reportId}`);
    await page.goBack();

    // Its changes: the vendor's timeline, this crawl open, the changed page listed.
    await page.getByRole('link', { name: 'Open changes' }).click();
    await page.waitForURL((url) => url.pathname === `/vendors/${vendor.id}` && url.searchParams.get('crawl') === jobId);
    const changes = page.getByTestId('crawl-changes');
    await changes.waitFor();
    await changes.locator('[data-testid="page-change"]', { hasText: '/about' }).first().waitFor();
    await snapshot(page, 'crawl-loop-changes-1366');

    // Back on the list, the vendor's last crawl is this one, completed, and links to it.
    await page.goto(`${t.baseUrl}/vendors`);
    const last = row('Loop Co').getByRole('link', { name: 'Last crawl of Loop Co: completed' });
    expect(await last.getAttribute('href')).toBe(`/crawls/${jobId}`);
    await snapshot(page, 'crawl-loop-vendors-1366');
  });

  it('says in plain words why a crawl of an unreachable site failed, with the detail behind it, and retries it', async () => {
    await page.goto(`${t.baseUrl}/vendors/${unreachable.id}`);
    await page.getByRole('button', { name: 'Crawl now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Crawl' });
    await dialog.getByText('HTTP', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Start Crawl' }).click();
    await page.waitForURL(/\/crawls\/[0-9a-f-]{36}$/);
    const failedId = page.url().split('/').pop()!;

    const failure = page.getByTestId('crawl-job-failure');
    await failure.waitFor();
    expect(await failure.getByText('The site could not be reached: connection refused').isVisible()).toBe(true);
    const detail = failure.getByTestId('crawl-job-failure-detail');
    expect(await detail.isVisible()).toBe(false);
    await failure.getByText('Technical detail').click();
    expect(await detail.textContent()).toMatch(/ECONNREFUSED/);
    // A failed bar, not a full one.
    expect(await page.getByTestId('crawl-job-progress-percent').textContent()).toBe('Failed');
    expect(await page.getByTestId('crawl-job-progress').getAttribute('aria-valuenow')).toBe('0');
    await snapshot(page, 'crawl-loop-failed-1366');

    // The vendors list says it too.
    await page.goto(`${t.baseUrl}/vendors`);
    await row('Gone Co').getByTestId('last-crawl-reason').filter({ hasText: 'connection refused' }).waitFor();

    await page.goto(`${t.baseUrl}/crawls/${failedId}`);
    await page.getByTestId('crawl-job-failure').getByRole('button', { name: 'Retry' }).click();
    await page.waitForURL((url) => /^\/crawls\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(failedId));
    await page.locator('[data-testid="crawl-job-status"][data-status="failed"]').waitFor();
  });

  it("follows on the crawler page the vendor's crawl started elsewhere, and starts with the defaults without a save", async () => {
    const slow = await addVendor(user, site, { maxPages: 12, crawlDelay: 2000, excludePatterns: ['/drafts/**'] }, 'Slow Co');
    const started = (await (
      await user.api('/api/crawls', { method: 'POST', json: { vendorId: slow.id, method: 'http' } })
    ).json()) as CrawlJob;
    await page.goto(`${t.baseUrl}/crawler/${slow.id}`);
    await page.locator('[data-testid="crawler-status"][data-status="running"]').waitFor();
    expect(await page.getByRole('link', { name: 'View job details' }).getAttribute('href')).toBe(`/crawls/${started.id}`);
    await page.getByRole('list', { name: 'Crawled pages' }).getByRole('listitem').first().waitFor();
    await snapshot(page, 'crawl-loop-crawler-running-1366');
    await page.getByRole('button', { name: 'Stop Crawl' }).click();
    await page.locator('[data-testid="crawler-status"][data-status="completed"]').waitFor();
    expect(((await (await user.api(`/api/crawls/${started.id}`)).json()) as CrawlJob).status).toBe('cancelled');

    // A vendor whose crawler settings were never saved: the defaults start at its URL.
    const fresh = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'Fresh Co', url: `${site.url}/` } })
    ).json()) as Vendor;
    await page.goto(`${t.baseUrl}/crawler/${fresh.id}`);
    await page.getByRole('button', { name: 'Start Crawl' }).click();
    await page.locator('[data-testid="crawler-status"][data-status="running"]').waitFor();
    // The page says Running as soon as Start is pressed; the job link appears once the server has the crawl.
    const jobHref = await page.getByTestId('crawler-job-link').getAttribute('href');
    const { items } = (await (await user.api(`/api/crawls?vendorId=${fresh.id}`)).json()) as Paginated<CrawlJob>;
    expect(items.map((job) => `/crawls/${job.id}`)).toEqual([jobHref]);
    expect(items[0]).toMatchObject({ targetUrl: `${site.url}/`, status: expect.stringMatching(/queued|running/) });
    await page.getByRole('button', { name: 'Stop Crawl' }).click();
    await page.locator('[data-testid="crawler-status"][data-status="completed"]').waitFor();
  });

  it('says on the API method, before Start, that no API key is configured', async () => {
    await page.goto(`${t.baseUrl}/vendors`);
    await row('Loop Co').getByRole('button', { name: 'Crawl Loop Co' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Crawl' });
    await dialog.getByText('API', { exact: true }).click();
    await dialog.getByTestId('api-key-missing').getByRole('link', { name: 'Open Settings' }).waitFor();
    await snapshot(page, 'crawl-loop-api-key-missing-1366');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('edits a vendor on its page: name and a bare domain', async () => {
    await page.goto(`${t.baseUrl}/vendors/${unreachable.id}`);
    await page.getByRole('button', { name: 'Edit Gone Co' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit vendor' });
    await dialog.getByLabel('Name').fill('Gone Corp');
    await dialog.getByLabel('URL').fill('gone-corp.example');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Gone Corp' }).waitFor();
    await page.getByRole('link', { name: 'https://gone-corp.example/' }).waitFor();
    expect(((await (await user.api(`/api/vendors/${unreachable.id}`)).json()) as Vendor).url).toBe('https://gone-corp.example/');
  });

  it('shows the vendors list on a 390 px phone as cards, every action on screen and no sideways scrolling', async () => {
    const phone = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await signInThroughUi(phone, t.baseUrl, user.email, user.password);
      await phone.goto(`${t.baseUrl}/vendors`);
      // Rows or cards, whichever the screen shows: what matters is where their actions are.
      await phone.locator('[data-testid="vendor-card"], [data-testid="vendor-row"]').nth(3).waitFor();
      const onScreen = async (name: string) => {
        const box = (await phone.getByRole(name.startsWith('Open') ? 'link' : 'button', { name, exact: true }).boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 390;
      };
      for (const name of ['Loop Co', 'Gone Corp', 'Slow Co', 'Fresh Co']) {
        for (const action of [`Crawl ${name}`, `Open crawler for ${name}`, `Delete ${name}`]) {
          expect([action, await onScreen(action)]).toEqual([action, true]);
        }
      }
      const cards = phone.getByTestId('vendor-card');
      expect(await phone.getByTestId('vendor-row').count()).toBe(0);

      expect(await fitsWidth(phone)).toBe(true);

      // Every card's actions, links and badges lie inside the screen, and no badge is cut.
      const outside: string[] = [];
      for (const control of await cards.locator('[data-testid="vendor-actions"] > *, a, .mantine-Badge-root').all()) {
        const box = (await control.boundingBox())!;
        if (box.x < 0 || box.x + box.width > 390) outside.push(`${await control.textContent()} at ${box.x}+${box.width}`);
      }
      for (const label of await cards.locator('.mantine-Badge-label').all()) {
        const { scrollWidth, clientWidth } = await label.evaluate((element) => {
          const box = element as unknown as { scrollWidth: number; clientWidth: number };
          return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
        });
        if (scrollWidth > clientWidth + 1) outside.push(`badge "${await label.textContent()}" is cut`);
      }
      expect(outside).toEqual([]);
      await snapshot(phone, 'crawl-loop-vendors-390');

      // The crawl page of a failed crawl on the phone.
      const { items } = (await (
        await user.api(`/api/crawls?vendorId=${unreachable.id}&status=failed`)
      ).json()) as Paginated<CrawlJob>;
      await phone.goto(`${t.baseUrl}/crawls/${items[0]!.id}`);
      await phone.getByTestId('crawl-job-failure').waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await snapshot(phone, 'crawl-loop-failed-390');

      // The vendor page and its completed crawl on the phone.
      await phone.goto(`${t.baseUrl}/vendors/${vendor.id}`);
      await phone.getByRole('button', { name: 'Crawl now' }).waitFor();
      await phone.getByTestId('timeline-entry').first().waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await snapshot(phone, 'crawl-loop-vendor-390');
      const completed = (await (
        await user.api(`/api/crawls?vendorId=${vendor.id}&status=completed`)
      ).json()) as Paginated<CrawlJob>;
      await phone.goto(`${t.baseUrl}/crawls/${completed.items[0]!.id}`);
      await phone.getByRole('link', { name: 'Open report' }).waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await snapshot(phone, 'crawl-loop-completed-390');
      await phone.goto(`${t.baseUrl}/crawler/${vendor.id}`);
      await phone.getByRole('button', { name: 'Start Crawl' }).waitFor();
      expect(await fitsWidth(phone)).toBe(true);
      await snapshot(phone, 'crawl-loop-crawler-390');
    } finally {
      await phone.close();
    }
  });
});
