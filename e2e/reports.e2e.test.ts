import type { Vendor } from '@vendorwatch/contracts';
import { seedAssessment } from '@vendorwatch/db/testing';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { ARTIFACTS_DIR, FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

const day = (date: string) => new Date(`${date}T12:00:00Z`);

/** Reports of real stored assessments: filtered, opened, and exported in each format. */
describe('reports, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let acme: Vendor;
  let globex: Vendor;
  let globexReport: string;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    user = await t.signUp();
    const vendor = async (name: string) =>
      (await (
        await user.api('/api/vendors', { method: 'POST', json: { name, url: `https://${name.toLowerCase()}.example/` } })
      ).json()) as Vendor;
    acme = await vendor('Acme');
    globex = await vendor('Globex');
    browser = await launchBrowser();
    page = await openPage(browser, { viewport: { width: 1400, height: 1000 } });

    // A crawled page with a screenshot on disk, where the worker would have stored it.
    const shot = await page.screenshot({ type: 'png' });
    const relative = path.posix.join('screenshots', 'e2e', 'home.png');
    mkdirSync(path.join(t.config.DATA_DIR!, 'screenshots', 'e2e'), { recursive: true });
    writeFileSync(path.join(t.config.DATA_DIR!, relative), shot);

    const base = { userId: user.id, evidencePerFailure: 2 };
    await seedAssessment(t.database.db, {
      ...base,
      vendorId: acme.id,
      targetUrl: 'https://acme.example/',
      assessedAt: day('2025-03-01'),
      rate: 60,
      failing: ['transport.https'],
    });
    await seedAssessment(t.database.db, {
      ...base,
      vendorId: acme.id,
      targetUrl: 'https://acme.example/',
      assessedAt: day('2025-03-10'),
      rate: 95,
    });
    globexReport = (
      await seedAssessment(t.database.db, {
        ...base,
        vendorId: globex.id,
        targetUrl: 'https://globex.example/',
        assessedAt: day('2025-03-05'),
        rate: 40,
        failing: ['transport.https', 'privacy.policy-linked'],
        notApplicable: ['privacy.cookie-consent'],
        pages: [{ url: 'https://globex.example/', screenshotPath: relative }],
      })
    ).reportId;

    await signInThroughUi(page, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const text = (testId: string, expected: string | RegExp) =>
    page
      .getByTestId(testId)
      .filter({
        hasText: typeof expected === 'string' ? new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : expected,
      })
      .waitFor();
  const tableVendors = async () => (await page.getByTestId('compliance-row').getByRole('link').allTextContents()).sort();

  it('filters by vendor and by dates, and the tiles and tables follow', async () => {
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.waitForURL('**/reports');
    await text('report-tile-vendors-value', '2');
    await text('report-tile-average-rate-value', '67.5%'); // Acme's latest 95, Globex's 40
    expect(await tableVendors()).toEqual(['Acme', 'Globex']);
    await page.getByTestId('report-row').nth(2).waitFor();
    expect(await page.getByTestId('report-row').count()).toBe(3);
    await snapshot(page, 'reports-all');

    await page.getByRole('combobox', { name: 'Vendor' }).click();
    await page.getByRole('option', { name: 'Globex' }).click();
    await text('report-tile-vendors-value', '1');
    await text('report-tile-average-rate-value', '40.0%');
    await page.waitForURL((url) => url.searchParams.get('vendorId') === globex.id);
    expect(await tableVendors()).toEqual(['Globex']);
    await page.getByTestId('reports-total').filter({ hasText: '1 report' }).waitFor();

    await page.getByRole('combobox', { name: 'Vendor' }).click();
    await page.getByRole('option', { name: 'All vendors' }).click();
    await page.getByLabel('Start date').fill('2025-03-01');
    await page.getByLabel('End date').fill('2025-03-05');
    // In that period Acme's latest assessment is its first, at 60 %.
    await text('report-tile-average-rate-value', '50.0%');
    await text('report-tile-vendors-value', '2');
    await page.getByTestId('reports-total').filter({ hasText: '2 reports' }).waitFor();
    expect(new URL(page.url()).searchParams.get('startDate')).toBe('2025-03-01');

    await page.getByLabel('End date').fill('2025-02-01');
    await page.getByText('End date must be on or after the start date').waitFor();
    await page.getByLabel('End date').fill('2025-03-05');
    await snapshot(page, 'reports-filtered');
  });

  it('opens a report and shows its checks with their evidence and screenshot', async () => {
    await page.getByTestId('compliance-row').getByRole('link', { name: 'Globex' }).click();
    await page.waitForURL(`**/reports/${globexReport}`);
    const header = page.getByTestId('report-header');
    await header.getByRole('heading', { name: 'Globex' }).waitFor();
    await header.getByTestId('report-rate').filter({ hasText: '40.0%' }).waitFor();
    await header.getByTestId('report-label').filter({ hasText: 'Non-Compliant' }).waitFor();
    await page.getByTestId('report-not-evaluated').filter({ hasText: 'Cookies wait for consent' }).waitFor();

    const https = page.locator('[data-testid="report-check"][data-check-id="transport.https"]');
    await https.getByText('Failed', { exact: true }).waitFor();
    await https.getByText('Served over http:// (page 1)').waitFor();
    await https.getByRole('link', { name: 'https://globex.example/page-1' }).waitFor();
    await snapshot(page, 'report-detail');

    await https.getByRole('button', { name: 'Screenshot' }).first().click();
    const image = page.getByRole('dialog').getByRole('img', { name: /^Screenshot of / });
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = (
        globalThis as unknown as { document: { querySelector(s: string): { naturalWidth: number } | null } }
      ).document.querySelector('[role="dialog"] img');
      return (img?.naturalWidth ?? 0) > 0;
    });
    await page.keyboard.press('Escape');

    await https.getByTestId('evidence-crawl-link').first().click();
    await page.waitForURL('**/crawls/*');
    await page.goBack();
    await page.getByRole('link', { name: 'Back to reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');
  });

  it.each([
    ['pdf', 'PDF', (file: Buffer) => expect(file.subarray(0, 5).toString()).toBe('%PDF-')],
    // A byte-order mark first, so Excel reads the file as UTF-8.
    ['csv', 'CSV', (file: Buffer) => expect(file.toString().split('\r\n')[0]).toMatch(/^\uFEFFVendor,Assessed at,Report ID,/)],
    ['xlsx', 'Excel (.xlsx)', (file: Buffer) => expect(file.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))],
  ])('exports the report as %s and the browser receives the file', async (extension, label, check) => {
    await page.getByRole('combobox', { name: 'Export format' }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^report-\\d{4}-\\d{2}-\\d{2}T\\d{6}Z\\.${extension}$`));
    const saved = path.join(ARTIFACTS_DIR, `e2e-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    expect(statSync(saved).size).toBeGreaterThan(0);
    check(readFileSync(saved));
  });
});
