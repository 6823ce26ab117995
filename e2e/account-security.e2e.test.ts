import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vendorwatch/contracts';
import { generate } from 'otplib';
import { startTestApp, type TestApp } from '../backend/src/testing/test-app';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

/** An authenticator app's code for `secret`, `steps` periods from now (the server accepts one step of skew). */
const codeFor = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Account security as a person uses it: an authenticator app, the code step at sign-in, a password reset by email. */
describe('account security, in a real browser', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      FRONTEND_DIST,
    });
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('turns on two-factor authentication in Settings, then signs in with the code', async () => {
    const user = await t.signUp(`e2e-mfa-${randomBytes(4).toString('hex')}@example.com`, 'sturdy-password-1');
    await signInThroughUi(page, t.baseUrl, user.email, user.password);

    await page.getByRole('link', { name: 'Security' }).first().click();
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText(MESSAGES.auth.factorEnrolled).waitFor();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    // Ten recovery codes, shown this once.
    const panel = page.getByTestId('recovery-codes');
    await panel.getByRole('button', { name: 'Download' }).waitFor();
    const recoveryCodes = (await panel.locator('li').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await snapshot(page, 'account-security-recovery-codes');
    await panel.getByRole('button', { name: 'I have saved them' }).click();
    await panel.waitFor({ state: 'detached' });
    await snapshot(page, 'account-security-mfa-on');

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The code step comes before the app; the dashboard stays out of reach until then.
    await page.waitForURL('**/login/code');
    await page.goto(`${t.baseUrl}/vendors`);
    await page.waitForURL('**/login/code');
    await page.getByLabel('Authentication code').fill('000000' === (await codeFor(secret, 1)) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(MESSAGES.auth.invalidTotp).waitFor();
    await page.getByLabel('Authentication code').fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(user.email).first().waitFor();
    await snapshot(page, 'account-security-signed-in-with-code');

    await page.getByRole('link', { name: 'Security' }).first().click();
    await page.getByTestId('sessions-table').getByText('This session').waitFor();

    // The phone is lost: a recovery code signs in, once.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/login/code');
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(user.email).first().waitFor();
  });

  it('resets a forgotten password through the emailed link', async () => {
    const user = await t.signUp(`e2e-reset-${randomBytes(4).toString('hex')}@example.com`, 'forgotten-password-1');
    const reset = await openPage(browser);

    await reset.goto(`${t.baseUrl}/login`);
    await reset.getByRole('link', { name: MESSAGES.auth.forgotPassword }).click();
    // The login page has an Email field too: fill the form only once its (lazily loaded) screen is up.
    await reset.waitForURL('**/forgot-password');
    await reset.getByRole('button', { name: 'Send reset link' }).waitFor();
    await reset.getByLabel('Email').fill(user.email);
    await reset.getByRole('button', { name: 'Send reset link' }).click();
    await reset.getByText(MESSAGES.auth.recoverySent).waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Reset your password');
    const link = firstLink(mail);
    expect(new URL(link).pathname).toBe('/reset-password');
    await reset.goto(link);
    await reset.getByLabel('New password', { exact: true }).fill('remembered-password-2');
    await reset.getByLabel('Confirm new password').fill('remembered-password-2');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.waitForURL((url) => url.pathname === '/');
    await reset.getByText(MESSAGES.auth.passwordReset).waitFor();

    await reset.getByRole('button', { name: 'Logout' }).first().click();
    await reset.waitForURL('**/login');
    await signInThroughUi(reset, t.baseUrl, user.email, 'remembered-password-2');
    await snapshot(reset, 'account-security-after-reset');

    // The link worked once.
    await reset.goto(link);
    await reset.getByLabel('New password', { exact: true }).fill('another-password-3');
    await reset.getByLabel('Confirm new password').fill('another-password-3');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByText(MESSAGES.auth.otpExpired).waitFor();
    await reset.close();
  });
});
