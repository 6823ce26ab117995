import type { Vendor } from '@vendorwatch/contracts';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp, type TestUser } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** The page's document, inside the functions Playwright runs in the browser (server code has no DOM types). */
declare const document: {
  documentElement: { scrollWidth: number; clientWidth: number };
  querySelectorAll(selector: string): ArrayLike<{ scrollWidth: number; clientWidth: number; textContent: string | null }>;
};

const PHONE = { width: 390, height: 844 };

/**
 * Issue 40 on a phone: an analyst runs a vendor's intake, sets another tier than the suggestion with a
 * reason, records a back-dated review and sees the vendor overdue — on the vendor page, in the vendors
 * list filtered by review status, with nothing wider than the screen; then reads Settings → Tiers.
 */
describe('the vendor programme on a phone, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let user: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    user = await t.signUp();
    vendor = (await (
      await user.api('/api/vendors', { method: 'POST', json: { name: 'Payroll Partners International' } })
    ).json()) as Vendor;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const layoutFaults = (page: Page) =>
    page.evaluate(() => {
      const root = document.documentElement;
      const cut = Array.from(document.querySelectorAll('.mantine-Badge-label'))
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent);
      return { overflow: root.scrollWidth - root.clientWidth, cut };
    });

  it('runs the intake, sets a tier with a reason, records a back-dated review and shows the vendor overdue', async () => {
    const page = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true });
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
    await page.goto(`${t.baseUrl}/vendors/${vendor.id}`);
    const card = page.getByTestId('vendor-programme');
    await card.getByTestId('review-status-badge').filter({ hasText: 'Not reviewed' }).waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });

    await card.getByRole('button', { name: 'Run intake' }).click();
    const intake = page.getByRole('dialog');
    await intake.getByRole('radio', { name: 'Sensitive data' }).check();
    await intake.getByRole('radio', { name: 'Medium: an outage hinders us' }).check();
    await intake.getByRole('radio', { name: 'Read' }).check();
    await intake.getByRole('button', { name: 'Suggest a tier' }).click();
    await intake.getByTestId('intake-suggestion').filter({ hasText: 'Suggested: tier 1 · Critical' }).waitFor();
    await snapshot(page, 'programme-intake-390');
    // Chosen by keyboard: on the long vendor page the dropdown's option never holds still for the pointer check.
    const tierToSet = intake.getByRole('combobox', { name: 'Tier to set' });
    await tierToSet.click();
    await page.getByRole('option', { name: '2 · High' }).waitFor();
    await tierToSet.press('ArrowDown');
    await tierToSet.press('Enter');
    expect(await tierToSet.inputValue()).toBe('2 · High');
    await intake.getByLabel(/Why another tier/).fill('Only pseudonymised records reach them');
    await intake.getByRole('button', { name: 'Set tier 2' }).click();
    await intake.waitFor({ state: 'detached' });
    await card.getByTestId('tier-badge').filter({ hasText: 'Tier 2 · High' }).waitFor();
    await card.getByTestId('tier-reason').filter({ hasText: 'Only pseudonymised records reach them' }).waitFor();

    await card.getByRole('button', { name: 'Record review' }).click();
    const review = page.getByRole('dialog');
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    await review.getByLabel('Reviewed on').fill(longAgo);
    await review.getByLabel('Notes').fill('Reviewed on paper before we used Vendorwatch');
    await review.getByRole('button', { name: 'Record review' }).click();
    await review.waitFor({ state: 'detached' });
    await card.getByTestId('review-status-badge').filter({ hasText: 'Overdue' }).waitFor();
    await card.getByTestId('review-entry').filter({ hasText: 'Reviewed on paper' }).waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'programme-vendor-390');

    await page.goto(`${t.baseUrl}/vendors?reviewStatus=overdue`);
    const cardInList = page.getByTestId('vendor-card').filter({ hasText: 'Payroll Partners International' });
    await cardInList.getByTestId('review-status-badge').filter({ hasText: 'Overdue' }).waitFor();
    await cardInList.getByTestId('tier-badge').filter({ hasText: 'Tier 2 · High' }).waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'programme-vendors-390');

    await page.goto(`${t.baseUrl}/settings/tiers`);
    await page.getByLabel('Tier 1 name').waitFor();
    expect(await layoutFaults(page)).toEqual({ overflow: 0, cut: [] });
    await snapshot(page, 'programme-tiers-390');
    await page.close();
  });
});
