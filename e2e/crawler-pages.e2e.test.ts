import type { INestApplicationContext } from '@nestjs/common';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { startFixtureSite, startScrapingBeeServer, type FixtureSite, type ScrapingBeeServer } from '../test-support';
import { createWorkerApp } from '../worker/src/worker-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/**
 * What a user configures before crawling, in a real browser against the built app, the real API,
 * a worker and a local vendor site reached through the local ScrapingBee-protocol server.
 */
describe('crawler configuration, crawler page and test crawler, in a real browser', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let site: FixtureSite;
  let bee: ScrapingBeeServer;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    site = await startFixtureSite({ extraPages: 30 });
    bee = await startScrapingBeeServer({ keys: { 'e2e-key-5678': 500 } });
    t = await startTestApp({ FRONTEND_DIST });
    worker = await createWorkerApp(t.config);
    user = await t.signUp();
    vendor = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'Fixture Vendor', url: `${site.url}/` } })
    ).json()) as Vendor;
    browser = await launchBrowser();
    page = await openPage(browser);
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await bee?.close();
    await site?.close();
  });

  it('adds a ScrapingBee configuration, tests it, and sets it active', async () => {
    await page.goto(`${t.baseUrl}/settings`);
    await page.getByText(MESSAGES.crawlerConfigs.noActiveConfiguration).waitFor();

    await page.getByRole('button', { name: 'Add Crawler' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Name').fill('Local bee');
    await modal.getByLabel('API Key').fill('  e2e-key-5678  ');
    await modal.getByLabel('Endpoint').fill(bee.endpoint);
    await modal.getByRole('button', { name: 'Test Connection' }).click();
    await modal.getByText(MESSAGES.crawlerConfigs.connectionSuccessful).waitFor();
    await modal.getByText('500', { exact: false }).first().waitFor();
    await snapshot(page, 'settings-connection-test');
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(MESSAGES.crawlerConfigs.saved).waitFor();

    // A second configuration, then make it the active one.
    await page.getByRole('button', { name: 'Add Crawler' }).click();
    await modal.getByLabel('Name').fill('Second bee');
    await modal.getByLabel('API Key').fill('e2e-key-5678');
    await modal.getByLabel('Endpoint').fill(bee.endpoint);
    await modal.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Set Second bee active' }).click();
    await page.getByText('Second bee set as active configuration').waitFor();
    const configs = (await (await user.api('/api/crawler-configs')).json()) as { name: string; isActive: boolean }[];
    expect(configs.filter((c) => c.isActive).map((c) => c.name)).toEqual(['Second bee']);
  });

  it("saves a vendor's crawler settings, crawls from the crawler page, watches results arrive and stops", async () => {
    await page.goto(`${t.baseUrl}/crawler/${vendor.id}`);
    const startButton = page.getByRole('button', { name: 'Start Crawl' });
    await page.getByLabel('Max Pages').fill('0');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(MESSAGES.crawlerSettings.maxPagesMin).waitFor();

    await page.getByLabel('Max Pages').fill('30');
    await page.getByLabel('Crawl Delay (ms)').fill('1500');
    await page.getByLabel('Start URLs').fill(`${site.url}/`);
    await page.getByLabel('Exclude Patterns').fill('/drafts/**');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText(MESSAGES.crawlerSettings.saved).waitFor();

    await startButton.click();
    await page.locator('[data-testid="crawler-status"][data-status="running"]').waitFor();
    // Results are polled every 5 s while running: wait for the first ones to show up.
    await page.getByRole('list', { name: 'Crawled pages' }).getByRole('listitem').nth(1).waitFor();
    await snapshot(page, 'crawler-page-running');
    await page.getByRole('button', { name: 'Stop Crawl' }).click();
    await page.locator('[data-testid="crawler-status"][data-status="completed"]').waitFor();

    // The crawl went through the scraping API (the active configuration) and was cut short.
    const apiCalls = bee.calls.filter((call) => call.apiKey === 'e2e-key-5678' && call.url.startsWith(site.url));
    expect(apiCalls.length).toBeGreaterThan(0);
    const history = (await (await user.api(`/api/crawls?vendorId=${vendor.id}`)).json()) as {
      items: { status: string; pagesDone: number; method: string }[];
    };
    expect(history.items[0]).toMatchObject({ status: 'cancelled', method: 'api' });
    expect(history.items[0]!.pagesDone).toBeLessThan(30);
  });

  it('runs a test crawl in Chromium and shows the screenshot and page data', async () => {
    await page.goto(`${t.baseUrl}/test-crawler`);
    await page.getByLabel('URL').fill('not a url');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByText(MESSAGES.crawls.enterValidUrl).waitFor();

    await page.getByLabel('URL').fill(`${site.url}/about`);
    await page.getByRole('button', { name: 'Start Test' }).click();
    const screenshot = page.getByRole('img', { name: 'Screenshot' });
    await screenshot.waitFor();
    expect(await screenshot.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const width = await screenshot.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
    expect(width).toBeGreaterThan(100);
    await page.getByText('About us').first().waitFor();
    await snapshot(page, 'test-crawler-result');
  });
});
