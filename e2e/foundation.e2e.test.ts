import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@vendorwatch/contracts';
import { startTestApp, type TestApp } from '../backend/src/testing/test-app';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { FRONTEND_DIST, launchBrowser, openPage, snapshot } from './support';

/** A new user's first visit: register, confirm by email, sign in, manage vendors, sign out. */
describe('foundation, in a real browser', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      AUTH_AUTOCONFIRM: 'false',
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

  it('registers, confirms, signs in, adds and deletes a vendor, and signs out', async () => {
    const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'sturdy-password-1';

    await page.goto(`${t.baseUrl}/`);
    await page.waitForURL('**/login');

    await page.getByRole('link', { name: /register/i }).click();
    // The register screen loads lazily: until it is shown, 'Email' is still the sign-in form's field.
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/login').catch(async (error: unknown) => {
      await snapshot(page, 'foundation-register-failed');
      throw error;
    });
    await page.getByText(MESSAGES.auth.checkEmail).waitFor();

    // Signing in before confirming is refused with the auth server's message.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(MESSAGES.auth.emailNotConfirmed).waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    await page.goto(firstLink(mail));
    // The link opens a page; confirming there signs the user in and lands on the dashboard.
    await page.getByRole('button', { name: 'Confirm my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(email).first().waitFor();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.getByRole('link', { name: 'Vendors' }).first().click();
    await page.getByText(MESSAGES.vendors.noneFound).waitFor();
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    await page.getByText(MESSAGES.vendors.nameRequired).waitFor();

    await page.getByLabel('Name').fill('Acme Anvils');
    await page.getByLabel('URL').fill('https://acme.example');
    await page.getByLabel('Description').fill('Anvils, rockets and tunnels');
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    await page.getByText(MESSAGES.vendors.added).waitFor();
    await page.getByText('Anvils, rockets and tunnels').waitFor();
    await snapshot(page, 'foundation-vendors-list');

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(MESSAGES.vendors.confirmDelete);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Acme Anvils' }).click();
    await page.getByText(MESSAGES.vendors.deleted).waitFor();
    await page.getByText(MESSAGES.vendors.noneFound).waitFor();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await page.waitForURL('**/login');
    await page.goto(`${t.baseUrl}/vendors`);
    await page.waitForURL('**/login');

    const unknown = await browser.newPage();
    await unknown.goto(`${t.baseUrl}/no/such/page`);
    await unknown.waitForURL('**/login');
  });
});
