import type { Browser } from 'playwright-core';
import { fill, MESSAGES, ssoMessages } from '@vendorwatch/contracts';
import { startTestApp, type TestApp } from '../backend/src/testing/test-app';
import { startOidcProvider, type TestOidcProvider } from '../test-support/oidc-provider';
import { FRONTEND_DIST, launchBrowser, openPage, signInThroughUi, snapshot } from './support';

const PROVIDER = 'Acme ID';

/**
 * Single sign-on as a person meets it: the sign-in page offers "Continue with Acme ID", the
 * company's identity provider (a real OpenID Connect provider on 127.0.0.1) asks for the person's
 * login, and they are back in the app, a member of the workspace their group maps to, with the
 * mapped role. A provider that leaves out the email sends them back to the sign-in page with the reason.
 */
describe('single sign-on, in a real browser', () => {
  let provider: TestOidcProvider;
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    provider = await startOidcProvider();
    t = await startTestApp({
      FRONTEND_DIST,
      AUTH_OIDC_ISSUER: provider.issuer,
      AUTH_OIDC_CLIENT_ID: 'vendorwatch',
      AUTH_OIDC_CLIENT_SECRET: 'vendorwatch-secret-0123456789',
      AUTH_OIDC_NAME: PROVIDER,
    });
    provider.registerClients([
      { clientId: 'vendorwatch', clientSecret: 'vendorwatch-secret-0123456789', redirectUris: [`${t.baseUrl}/auth/v1/callback`] },
    ]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await provider?.close();
  });

  it('signs in with the provider and lands in the app, in the mapped workspace with the mapped role', async () => {
    // An owner links a team workspace to the provider: the risk-team group makes editors.
    const owner = await t.signUp();
    const created = await owner.api('/api/workspaces', { method: 'POST', json: { name: 'Vendor risk' } });
    const { id: workspaceId } = (await created.json()) as { id: string };
    const linked = await owner.api(`/api/workspaces/${workspaceId}/sso`, {
      method: 'PUT',
      json: { linked: true, groupRoles: { 'risk-team': 'editor' } },
    });
    expect(linked.status).toBe(200);
    provider.accounts.set('ada', { email: 'ada@acme.example', email_verified: true, groups: ['risk-team'], name: 'Ada' });

    const page = await openPage(browser);
    await page.goto(`${t.baseUrl}/login`);
    await page.getByRole('button', { name: ssoMessages.continueWith(PROVIDER) }).click();
    // The provider's own login form.
    await page.getByRole('heading', { name: 'Sign in to the test identity provider' }).waitFor();
    await snapshot(page, 'sso-provider-login');
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password').fill('any password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back in the app, signed in; the workspace menu lists the team workspace with the role its group gave.
    await page.waitForURL((url) => url.origin === t.baseUrl && url.pathname === '/');
    await page.getByTestId('workspace-switcher').click();
    const option = page.getByTestId('workspace-option').filter({ hasText: 'Vendor risk' });
    await option.getByText('editor').waitFor();
    await option.click();
    await page.getByRole('button', { name: 'Workspace: Vendor risk' }).waitFor();
    await snapshot(page, 'sso-signed-in');
    await page.close();
  });

  it("lets an owner require SSO from the workspace's Single sign-on settings, at phone width", async () => {
    const owner = await t.signUp();
    const created = await owner.api('/api/workspaces', { method: 'POST', json: { name: 'Suppliers' } });
    expect(created.status).toBe(201);
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signInThroughUi(page, t.baseUrl, owner.email, owner.password);
    await page.getByTestId('workspace-switcher').click();
    await page.getByTestId('workspace-option').filter({ hasText: 'Suppliers' }).click();
    await page.getByRole('button', { name: 'Workspace: Suppliers' }).waitFor();
    await page.goto(`${t.baseUrl}/workspace/members`);
    const card = page.getByTestId('sso-settings');
    await card.getByText('an owner stays an owner').waitFor();
    await card.getByRole('switch', { name: `Link this workspace to ${PROVIDER}` }).check({ force: true });
    await card.getByRole('button', { name: 'Add group' }).click();
    await card.getByTestId('sso-group-0').fill('suppliers-team');
    await card.getByRole('switch', { name: new RegExp(`Require signing in with ${PROVIDER}`) }).check({ force: true });
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText(MESSAGES.sso.saved).waitFor();
    await snapshot(page, 'sso-settings-phone');
    const { id } = (await created.json()) as { id: string };
    const saved = await owner.api(`/api/workspaces/${id}/sso`);
    expect(await saved.json()).toMatchObject({ linked: true, groupRoles: { 'suppliers-team': 'viewer' }, required: true });
    await page.close();
  });

  it('comes back to the sign-in page with what to check when the provider sends no email', async () => {
    provider.accounts.set('no-email', { groups: [] });
    const page = await openPage(browser);
    await page.goto(`${t.baseUrl}/login`);
    await page.getByRole('button', { name: ssoMessages.continueWith(PROVIDER) }).click();
    await page.getByLabel('Username').fill('no-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === t.baseUrl && url.pathname === '/login');
    await page
      .getByTestId('sso-error')
      .getByText(fill(MESSAGES.sso.emailMissing, { provider: PROVIDER }))
      .waitFor();
    await snapshot(page, 'sso-error');
    await page.close();
  });
});
