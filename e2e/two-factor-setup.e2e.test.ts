import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vendorwatch/contracts';
import { generate } from 'otplib';
import { startTestApp, type TestApp } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** What the test reads of an <img> (the e2e tests compile without the DOM's types). */
interface DecodedImage {
  complete: boolean;
  naturalWidth: number;
}

/** An authenticator app's code for `secret` (the server accepts one step of skew). */
const codeFor = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) });

/**
 * Setting up an authenticator app on the Security page, in Chromium: the QR code is an image that
 * loads, a set-up abandoned half-way can be started again, and the factor can be removed again
 * (supabase-js's mfa.unenroll, a DELETE with a JSON content type and no body).
 */
describe('two-factor set-up on the Security page, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST });
    browser = await launchBrowser();
    page = await openPage(browser);
    const user = await t.signUp(`e2e-2fa-${randomBytes(4).toString('hex')}@example.com`, 'sturdy-password-1');
    await signInThroughUi(page, t.baseUrl, user.email, user.password);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const qrCode = () => page.getByRole('img', { name: 'QR code for your authenticator app' });
  const openSecurity = async () => {
    await page.getByRole('link', { name: 'Security' }).first().click();
    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  };

  it('shows a QR code that loads; a set-up abandoned once starts again; the factor is removed again', async () => {
    await openSecurity();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await qrCode().waitFor();
    // The image is decoded (a broken data: URL has no natural size).
    await page.waitForFunction((img) => (img as unknown as DecodedImage).complete, await qrCode().elementHandle());
    expect(await qrCode().evaluate((img) => (img as unknown as DecodedImage).naturalWidth)).toBeGreaterThan(0);

    // Abandoned: the page is left before a code is entered, then set-up starts again.
    await page.reload();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await qrCode().waitFor();
    expect(await page.getByText(/already exists/).count()).toBe(0);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText(MESSAGES.auth.factorEnrolled).waitFor();
    await snapshot(page, 'two-factor-on');

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText(MESSAGES.auth.factorRemoved).waitFor();
    await page.getByRole('button', { name: 'Set up authenticator app' }).waitFor();
    await snapshot(page, 'two-factor-removed');
  });
});
