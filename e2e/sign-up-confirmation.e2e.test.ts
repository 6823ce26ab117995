import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '@vendorwatch/contracts';
import { startTestApp, type TestApp } from '../backend/src/testing/test-app';
import { FRONTEND_DIST, launchBrowser, openPage, snapshot } from './support';

/**
 * First steps without an email server, as `npm start` runs in development: after registering, the
 * check-your-email screen says the link is in the server's log and offers to send it again.
 */
describe('sign-up confirmation without SMTP, in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    t = await startTestApp({ FRONTEND_DIST, AUTH_AUTOCONFIRM: 'false', NODE_ENV: 'development', SMTP_URL: '' });
    browser = await launchBrowser();
    page = await openPage(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("says the link is in the server's log and offers to resend it", async () => {
    await page.goto(`${t.baseUrl}/register`);
    await page.getByLabel('Email').fill('first-steps@example.com');
    await page.getByLabel('Password', { exact: true }).fill('sturdy-password-1');
    await page.getByLabel('Confirm Password').fill('sturdy-password-1');
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL('**/login');
    const notice = page.getByTestId('check-email');
    await notice.getByText(MESSAGES.auth.checkEmail).waitFor();
    await notice.getByText(MESSAGES.auth.confirmationLinkLogged).waitFor();
    // The server sends one email a minute: the button says when it can be used.
    const resend = notice.getByRole('button', { name: /Resend the email \(in \d+ s\)/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await snapshot(page, 'sign-up-check-email-development');
  });
});
