import type { INestApplicationContext } from '@nestjs/common';
import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { startFixtureSite, type FixtureSite } from '../test-support';
import { createWorkerApp } from '../worker/src/worker-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/**
 * Schedules in a real browser against the built app, the real API, a worker and a local vendor site:
 * set a schedule and see its next run on the vendor page and the vendors list; a schedule that fires
 * (an interval the operator allowed below an hour) shows its runs and the crawls they started.
 */
describe('schedules and the vendor page, in a real browser', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let site: FixtureSite;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    site = await startFixtureSite();
    t = await startTestApp({
      FRONTEND_DIST,
      SCHEDULE_MIN_INTERVAL_SECONDS: '1',
      // A schedule every three seconds starts 1 200 crawls an hour: the crawl-start allowance must admit it.
      CRAWL_STARTS_PER_WINDOW: '100000',
    });
    worker = await createWorkerApp(t.config);
    user = await t.signUp();
    vendor = await addVendor(user, site, { maxPages: 3, crawlDelay: 500 }, 'Scheduled Co');
    browser = await launchBrowser();
    page = await openPage(browser, { timezoneId: 'Europe/Berlin' });
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await site?.close();
  });

  /** Mantine's Select: open it by its label, pick the option. */
  const choose = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  it('sets a weekly schedule on the vendor page and shows its next run there and on the vendors list', async () => {
    await page.goto(`${t.baseUrl}/vendors`);
    await page.getByRole('link', { name: 'Scheduled Co', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/vendors/${vendor.id}`);
    await page.getByRole('heading', { name: 'Scheduled Co' }).waitFor();

    await choose('Runs', 'Weekly');
    await choose('Day', 'Wednesday');
    await page.getByRole('textbox', { name: 'Time (HH:MM, 24-hour)' }).fill('07:45');
    // A schedule never saved starts in the browser's own zone.
    await page.getByRole('combobox', { name: 'Time zone' }).and(page.locator('[value="Europe/Berlin"]')).waitFor();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText(MESSAGES.schedules.saved).waitFor();

    const nextRun = page.getByTestId('schedule-next-run');
    await nextRun.getByText('(Europe/Berlin)', { exact: false }).waitFor();
    expect(await nextRun.textContent()).toMatch(/7:45/);
    await snapshot(page, 'vendor-page-schedule');

    await page.goto(`${t.baseUrl}/vendors`);
    const row = page.locator(`[data-testid="vendor-row"][data-vendor-id="${vendor.id}"]`);
    await row.getByTestId('next-run').getByText(/7:45/).waitFor();
    await snapshot(page, 'vendors-next-run');
  });

  it('an interval schedule fires: its runs, with the crawls they started, appear on the vendor page', async () => {
    await page.goto(`${t.baseUrl}/vendors/${vendor.id}`);
    await choose('Runs', 'Interval');
    await page.getByRole('textbox', { name: 'Every (seconds)' }).fill('3');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText(MESSAGES.schedules.saved).waitFor();

    // The runs list polls: the first run, with a link to the crawl it started, shows up without a reload.
    await page.getByTestId('schedule-run').first().waitFor();
    await page.getByTestId('schedule-run').getByRole('link', { name: 'Open crawl' }).first().waitFor();
    await snapshot(page, 'vendor-page-runs');

    await choose('Runs', 'Off');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByText(MESSAGES.schedules.saved).waitFor();
    await page.getByTestId('schedule-next-run').getByText('—').waitFor();
  });
});
