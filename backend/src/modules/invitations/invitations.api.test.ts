import { INVITATION_ACCEPT_PATH, LIMITS, MESSAGES, type Workspace } from '@vendorwatch/contracts';
import { users, workspaceInvitations } from '@vendorwatch/db';
import { eq, sql } from 'drizzle-orm';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, createWorkspace, expectRefused, roleTooLow } from '../workspaces/testing/teams';

/**
 * Invitations end to end, as people meet them: the email with its link (through a local SMTP
 * server), the wrong person refused, the invited one joining once, and links that lapsed or were
 * withdrawn refused.
 */
describe('invitations', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let team: Workspace;
  const unique = () => Math.random().toString(36).slice(2, 8);

  const invite = (by: TestUser, email: string, role = 'editor') =>
    apiCall(by, 'POST', `/api/workspaces/${team.id}/invitations`, { email, role });
  /** The token of the newest invitation email to `email`. */
  const tokenSentTo = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    smtp.messages.splice(smtp.messages.indexOf(mail), 1);
    const link = new URL(firstLink(mail));
    expect(`${link.origin}${link.pathname}`).toBe(`${t.baseUrl}${INVITATION_ACCEPT_PATH}`);
    return { mail, token: link.searchParams.get('token')! };
  };
  const accept = (user: TestUser, token: string) => apiCall(user, 'POST', '/api/invitations/accept', { token });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp({ SMTP_URL: smtp.url });
    owner = await t.signUp(`owner-${unique()}@example.com`);
    admin = await t.signUp(`admin-${unique()}@example.com`);
    team = await createWorkspace(owner, 'Vendor risk');
    await addMember(t, team.id, admin, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('emails a link; a different signed-in user is refused; the invited one joins with the role, once', async () => {
    const email = `carol-${unique()}@example.com`;
    const created = await invite(admin, email.toUpperCase(), 'editor');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      email,
      role: 'editor',
      expiresAt: expect.any(String),
      emailed: true,
      link: null,
    });
    const days = (Date.parse(created.body.expiresAt) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(LIMITS.workspaces.invitationDays - 0.01);
    expect(days).toBeLessThanOrEqual(LIMITS.workspaces.invitationDays);

    const { mail, token } = await tokenSentTo(email);
    expect(mail.subject).toBe('You are invited to a workspace on Vendorwatch');
    expect(mail.text).toContain(`${admin.email} invited you to a workspace on Vendorwatch, as editor.`);
    expect(mail.text).toContain('The workspace is named "Vendor risk" (a name its members chose, not Vendorwatch).');
    const pending = await apiCall(admin, 'GET', `/api/workspaces/${team.id}/invitations`);
    const { emailed: _emailed, link: _link, ...listed } = created.body;
    expect(pending.body).toEqual([listed]);

    const someoneElse = await t.signUp(`dave-${unique()}@example.com`);
    expectRefused(await accept(someoneElse, token), 403, MESSAGES.invitations.wrongEmail);

    const carol = await t.signUp(email);
    const preview = await apiCall(carol, 'POST', '/api/invitations/preview', { token });
    expect(preview.body).toEqual({
      workspaceId: team.id,
      workspaceName: 'Vendor risk',
      role: 'editor',
      email,
      expiresAt: created.body.expiresAt,
    });
    const joined = await accept(carol, token);
    expect(joined).toEqual({ status: 200, body: { id: team.id, name: 'Vendor risk', role: 'editor', personal: false } });
    expect((await apiCall(carol, 'GET', '/api/workspaces')).body).toContainEqual(joined.body);
    const members = await apiCall(owner, 'GET', `/api/workspaces/${team.id}/members`);
    expect(members.body).toContainEqual({ userId: carol.id, email, role: 'editor', joinedAt: expect.any(String) });

    expectRefused(await accept(carol, token), 410, MESSAGES.invitations.used);
    expectRefused(await accept(someoneElse, token), 410, MESSAGES.invitations.used);
    expect((await apiCall(admin, 'GET', `/api/workspaces/${team.id}/invitations`)).body).toEqual([]);
  });

  it('refuses a lapsed invitation and a withdrawn one; inviting again replaces the earlier link', async () => {
    const erin = `erin-${unique()}@example.com`;
    const lapsing = await invite(admin, erin);
    const { token: lapsed } = await tokenSentTo(erin);
    await t.database.db
      .update(workspaceInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(workspaceInvitations.id, lapsing.body.id));
    const erinUser = await t.signUp(erin);
    expectRefused(await accept(erinUser, lapsed), 410, MESSAGES.invitations.expired);
    expect((await apiCall(admin, 'GET', `/api/workspaces/${team.id}/invitations`)).body).toEqual([]);

    const frank = `frank-${unique()}@example.com`;
    const withdrawn = await invite(admin, frank);
    const { token: withdrawnToken } = await tokenSentTo(frank);
    expect((await apiCall(admin, 'DELETE', `/api/workspaces/${team.id}/invitations/${withdrawn.body.id}`)).status).toBe(204);
    expectRefused(
      await apiCall(admin, 'DELETE', `/api/workspaces/${team.id}/invitations/${withdrawn.body.id}`),
      404,
      MESSAGES.invitations.notFound,
    );
    const frankUser = await t.signUp(frank);
    expectRefused(await accept(frankUser, withdrawnToken), 410, MESSAGES.invitations.revoked);

    // An address is invited again only after the cooldown: here, the earlier invitations are made older than it.
    const pastCooldown = () =>
      t.database.db
        .update(workspaceInvitations)
        .set({ createdAt: sql`now() - interval '1 hour'` })
        .where(eq(workspaceInvitations.email, frank));
    await pastCooldown();
    await invite(admin, frank, 'viewer');
    const { token: first } = await tokenSentTo(frank);
    await pastCooldown();
    await invite(admin, frank, 'admin');
    const { token: second } = await tokenSentTo(frank);
    expectRefused(await accept(frankUser, first), 410, MESSAGES.invitations.revoked);
    expect((await accept(frankUser, second)).body).toMatchObject({ id: team.id, role: 'admin' });

    expectRefused(await accept(frankUser, 'no-such-token'), 404, MESSAGES.invitations.linkInvalid);
  });

  it('accepts only a confirmed address', async () => {
    const email = `gina-${unique()}@example.com`;
    await invite(admin, email);
    const { token } = await tokenSentTo(email);
    const gina = await t.signUp(email);
    await t.database.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, gina.id));
    expectRefused(await accept(gina, token), 403, MESSAGES.invitations.emailNotConfirmed);
  });

  it('lets admins invite up to their own role, owners anyone; not members, not bad addresses, not other roles', async () => {
    expectRefused(await invite(admin, `owner-${unique()}@example.com`, 'owner'), 403, MESSAGES.invitations.roleAboveYours);
    expect((await invite(owner, `co-owner-${unique()}@example.com`, 'owner')).status).toBe(201);
    expectRefused(await invite(admin, owner.email.toUpperCase()), 409, MESSAGES.invitations.alreadyMember);
    expectRefused(await invite(admin, 'not an address'), 400, MESSAGES.auth.invalidEmail);
    expectRefused(
      await invite(admin, `${'x'.repeat(250)}@example.com`),
      400,
      `Email must be at most ${LIMITS.auth.emailMaxLength} characters`,
    );
    const viewer = await t.signUp(`viewer-${unique()}@example.com`);
    await addMember(t, team.id, viewer, 'viewer');
    const needsAdmin = roleTooLow('viewer', 'admin');
    expectRefused(await invite(viewer, `someone-${unique()}@example.com`), 403, needsAdmin);
    expectRefused(await apiCall(viewer, 'GET', `/api/workspaces/${team.id}/invitations`), 403, needsAdmin);
  });

  it('without an email server, answers the inviter the link to hand over; it admits only the invited address', async () => {
    const noMail = await startTestApp({ SMTP_URL: '' });
    try {
      const boss = await noMail.signUp(`boss-${unique()}@example.com`);
      const crew = await createWorkspace(boss, 'No mail');
      const email = `erin-${unique()}@example.com`;
      const created = await apiCall(boss, 'POST', `/api/workspaces/${crew.id}/invitations`, { email, role: 'viewer' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        email,
        emailed: false,
        link: expect.stringContaining(`${INVITATION_ACCEPT_PATH}?token=`),
      });
      const token = new URL(created.body.link as string).searchParams.get('token')!;
      // The inviter holding the link gains nothing: it is the invited address's to accept.
      expectRefused(await apiCall(boss, 'POST', '/api/invitations/accept', { token }), 403, MESSAGES.invitations.wrongEmail);
      const erin = await noMail.signUp(email);
      expect((await apiCall(erin, 'POST', '/api/invitations/accept', { token })).status).toBe(200);
      // The list never shows a link.
      expect(JSON.stringify((await apiCall(boss, 'GET', `/api/workspaces/${crew.id}/invitations`)).body)).not.toContain('token');
    } finally {
      await noMail.close();
    }
  });
});
