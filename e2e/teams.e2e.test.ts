import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { MESSAGES, WORKSPACE_HEADER, workspaceMessages, type VendorListPage, type Workspace } from '@vendorwatch/contracts';
import { startTestApp, type TestApp } from '../backend/src/testing/test-app';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../test-support/smtp-catcher';
import { FRONTEND_DIST, launchBrowser, openPage, snapshot } from './support';

const unique = () => randomBytes(4).toString('hex');

/**
 * A team as people meet it: the owner makes a shared workspace, adds a vendor there and invites a
 * colleague as viewer; the colleague opens the emailed link, signs up, confirms, accepts, and reads the
 * shared vendor list with nothing to change (the API refusing a forced delete); the owner then finds the
 * invitation and the joining in the audit log.
 */
describe('teams, in a real browser', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // Sign-ups wait for their confirmation email, as in production.
    t = await startTestApp({ SMTP_URL: smtp.url, FRONTEND_DIST, AUTH_AUTOCONFIRM: 'false' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  /** Register through the form, then confirm through the emailed link: the session that opens goes where the app sends it. */
  async function registerAndConfirm(page: Page, email: string, password: string) {
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/login');
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Confirm your signup');
    await page.goto(firstLink(mail));
    await page.getByRole('button', { name: 'Confirm my account' }).click();
  }

  /** The signed-in session's access token, as supabase-js keeps it in the page's storage. */
  const accessTokenOf = (page: Page) =>
    page.evaluate(() => {
      // Runs in the page: the test's own types know no DOM.
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
      for (const key of Object.keys(storage)) {
        if (!key.endsWith('-auth-token')) continue;
        const session = JSON.parse(storage.getItem(key) ?? 'null') as { access_token?: string } | null;
        if (session?.access_token) return session.access_token;
      }
      throw new Error('no session in storage');
    });

  it('invites a viewer who joins, reads the shared vendors, cannot delete; the owner sees both in the audit log', async () => {
    const password = 'sturdy-password-1';
    const ownerEmail = `e2e-owner-${unique()}@example.com`;
    const colleagueEmail = `e2e-viewer-${unique()}@example.com`;

    // The owner: an account, a shared workspace made from the top bar, and a vendor in it.
    const owner = await openPage(browser);
    await owner.goto(`${t.baseUrl}/register`);
    await registerAndConfirm(owner, ownerEmail, password);
    await owner.waitForURL((url) => url.pathname === '/');
    await owner.getByTestId('workspace-switcher').click();
    await owner.getByTestId('workspace-create').click();
    await owner.getByLabel('Name').fill('Vendor risk');
    await owner.getByTestId('workspace-create-submit').click();
    await owner.getByText(MESSAGES.workspaces.created).waitFor();
    await owner.getByRole('button', { name: 'Workspace: Vendor risk' }).waitFor();

    await owner.getByRole('link', { name: 'Vendors' }).first().click();
    await owner.getByRole('heading', { name: 'Add New Vendor' }).waitFor();
    await owner.getByLabel('Name').fill('Acme Anvils');
    await owner.getByLabel('URL').fill('https://acme.example');
    await owner.getByRole('button', { name: 'Add Vendor' }).click();
    await owner.getByText(MESSAGES.vendors.added).waitFor();

    await owner.getByRole('link', { name: 'Invitations' }).click();
    await owner.getByTestId('invite-email').fill(colleagueEmail);
    // The role offered first is the least: viewer.
    expect(await owner.getByTestId('invite-role').inputValue()).toBe('viewer');
    await owner.getByTestId('invite-submit').click();
    await owner.getByText(workspaceMessages.invitationSent(colleagueEmail)).waitFor();
    await owner.getByTestId('invitation-row').getByText(colleagueEmail).waitFor();
    await snapshot(owner, 'teams-owner-invited');

    // The colleague: the emailed link first, an account second, and back to the invitation after confirming.
    // The subject never carries the workspace's name (the sender chose it); the body quotes it.
    const invitation = await smtp.waitFor(
      (m) => m.to.includes(colleagueEmail) && m.subject === MESSAGES.invitations.subject && m.text.includes('"Vendor risk"'),
    );
    const colleague = await openPage(browser);
    await colleague.goto(firstLink(invitation));
    await colleague.getByText(MESSAGES.invitations.signInFirst).waitFor();
    await colleague.getByTestId('invitation-sign-up').click();
    await registerAndConfirm(colleague, colleagueEmail, password);
    await colleague.getByTestId('invitation-offer').waitFor();
    expect(await colleague.getByTestId('invitation-workspace').textContent()).toBe('Vendor risk');
    expect(await colleague.getByTestId('invitation-role').textContent()).toBe('viewer');
    await colleague.getByTestId('invitation-accept').click();
    await colleague.waitForURL((url) => url.pathname === '/');
    await colleague.getByText(workspaceMessages.invitationAccepted('Vendor risk')).waitFor();
    await colleague.getByRole('button', { name: 'Workspace: Vendor risk' }).waitFor();
    await colleague.getByTestId('read-only-notice').waitFor();

    // The shared list, read-only: no add form, no Delete; what a viewer may not open is not in the menu.
    await colleague.getByRole('link', { name: 'Vendors' }).first().click();
    await colleague.getByTestId('vendor-link').filter({ hasText: 'Acme Anvils' }).first().waitFor();
    expect(await colleague.getByRole('button', { name: 'Delete Acme Anvils' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Crawl Acme Anvils' }).count()).toBe(0);
    expect(await colleague.getByTestId('create-vendor-form').count()).toBe(0);
    expect(await colleague.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    await snapshot(colleague, 'teams-viewer-vendors');

    // Forced through the API anyway, the delete is refused for the viewer's role.
    const token = await accessTokenOf(colleague);
    const asColleague = (path: string, init: RequestInit = {}) =>
      fetch(`${t.baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });
    const workspaces = (await (await asColleague('/api/workspaces')).json()) as Workspace[];
    const shared = workspaces.find((workspace) => workspace.name === 'Vendor risk')!;
    expect(shared).toMatchObject({ role: 'viewer', personal: false });
    const listed = (
      (await (await asColleague('/api/vendors', { headers: { [WORKSPACE_HEADER]: shared.id } })).json()) as VendorListPage
    ).items;
    const vendor = listed.find(({ name }) => name === 'Acme Anvils')!;
    const forced = await asColleague(`/api/vendors/${vendor.id}`, {
      method: 'DELETE',
      headers: { [WORKSPACE_HEADER]: shared.id },
    });
    expect(forced.status).toBe(403);
    expect(((await forced.json()) as { message: string }).message).toBe(workspaceMessages.roleTooLow('viewer', 'editor'));

    // The owner reads both changes in the audit log.
    await owner.getByRole('link', { name: 'Audit log' }).click();
    const rows = owner.getByTestId('audit-row');
    await rows.filter({ hasText: 'invitation.create' }).filter({ hasText: ownerEmail }).first().waitFor();
    await rows.filter({ hasText: 'member.join' }).filter({ hasText: colleagueEmail }).first().waitFor();
    await snapshot(owner, 'teams-owner-audit-log');

    // On a phone the trail is a list of cards, and nothing (top bar included) runs off the screen.
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.getByRole('list', { name: 'Audit log' }).getByTestId('audit-row').first().waitFor();
    await owner.getByRole('button', { name: 'Workspace: Vendor risk' }).waitFor();
    const overflow = await owner.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } })
        .document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await snapshot(owner, 'teams-owner-audit-log-phone');
  });
});
