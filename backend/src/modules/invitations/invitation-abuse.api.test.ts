import { INVITATION_ACCEPT_PATH, LIMITS, MESSAGES, workspaceMessages, type Workspace } from '@vendorwatch/contracts';
import { workspaceInvitations, workspaceMembers } from '@vendorwatch/db';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { firstLink, startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addMember, apiCall, createWorkspace, expectRefused } from '../workspaces/testing/teams';

/**
 * Issue 37 rows 4 and 5, as an abuser would try them: invitations as a mail relay (many addresses,
 * one address many times, a lure for a workspace name) and invitations that outlive their inviter's
 * demotion or removal.
 */
describe('invitations against abuse', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;
  /** The per-person allowance these invitations count against (the expensive bucket), over a window longer than the test. */
  const ALLOWANCE = 30;
  const unique = () => randomBytes(4).toString('hex');

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      EXPENSIVE_REQUESTS_PER_WINDOW: String(ALLOWANCE),
      EXPENSIVE_REQUESTS_WINDOW_SECONDS: '3600',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const invite = (by: TestUser, workspaceId: string, email: string, role = 'viewer') =>
    by.api(`/api/workspaces/${workspaceId}/invitations`, { method: 'POST', json: { email, role } });
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email));
  const tokenSentTo = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    return new URL(firstLink(mail)).searchParams.get('token')!;
  };
  const accept = (user: TestUser, token: string) => apiCall(user, 'POST', '/api/invitations/accept', { token });

  describe('row 4: no mail relay', () => {
    it('refuses a fresh account its 31st invitation of 60 with 429 and Retry-After; only the allowed ones were mailed', async () => {
      const sender = await t.signUp();
      const team = await createWorkspace(sender, 'Relay');
      const recipients = Array.from({ length: 60 }, (_, i) => `target-${i}-${unique()}@example.com`);
      const answers: Response[] = [];
      for (const email of recipients) answers.push(await invite(sender, team.id, email));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.slice(0, ALLOWANCE)).toEqual(Array(ALLOWANCE).fill(201));
      expect(statuses.slice(ALLOWANCE)).toEqual(Array(60 - ALLOWANCE).fill(429));
      const refused = answers[ALLOWANCE]!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/try again|wait/i);
      expect(recipients.filter((email) => mailsTo(email).length > 0)).toEqual(recipients.slice(0, ALLOWANCE));
    });

    it('invites one address to a workspace once per cooldown: the second of many is 429, one email goes out', async () => {
      const sender = await t.signUp();
      const team = await createWorkspace(sender, 'Pester');
      const victim = `victim-${unique()}@example.com`;
      expect((await invite(sender, team.id, victim)).status).toBe(201);
      for (let i = 0; i < 5; i++) {
        const again = await invite(sender, team.id, victim.toUpperCase());
        expect(again.status).toBe(429);
        const retryAfter = Number(again.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThan(LIMITS.workspaces.invitationRecipientCooldownSeconds - 120);
        expect(retryAfter).toBeLessThanOrEqual(LIMITS.workspaces.invitationRecipientCooldownSeconds);
        expect(((await again.json()) as { message: string }).message).toBe(
          workspaceMessages.invitationRecipientCooldown(retryAfter),
        );
      }
      expect(mailsTo(victim)).toHaveLength(1);
    });

    it('sends one email of 60 invitations to one address, as the row reproduced them; the other 59 are 429', async () => {
      const sender = await t.signUp();
      const team = await createWorkspace(sender, 'Sixty');
      const victim = `sixty-${unique()}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await invite(sender, team.id, victim)).status);
      expect(statuses).toEqual([201, ...Array(59).fill(429)]);
      await smtp.waitFor((m) => m.to.includes(victim));
      expect(mailsTo(victim)).toHaveLength(1);
    });

    it('caps what one workspace sends in a day', async () => {
      const sender = await t.signUp();
      const team = await createWorkspace(sender, 'Busy');
      // A day's worth already sent (by whoever, in whatever state now).
      await t.database.db.insert(workspaceInvitations).values(
        Array.from({ length: LIMITS.workspaces.invitationsPerWorkspacePerDay }, (_, i) => ({
          workspaceId: team.id as never,
          email: `earlier-${i}-${unique()}@example.com`,
          role: 'viewer' as const,
          tokenHash: `earlier-${i}-${unique()}`,
          invitedBy: null,
          expiresAt: new Date(Date.now() + 3600_000),
          revokedAt: new Date(),
        })),
      );
      const email = `one-more-${unique()}@example.com`;
      const refused = await invite(sender, team.id, email);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect(((await refused.json()) as { message: string }).message).toBe(workspaceMessages.invitationWorkspaceDailyCap());
      expect(mailsTo(email)).toHaveLength(0);
    });

    it("never puts the sender's workspace name in the subject; the body quotes it as the sender's", async () => {
      const sender = await t.signUp();
      const lure = 'URGENT: verify your payroll at https://payroll-check.example.com';
      const team = await createWorkspace(sender, lure);
      const email = `lured-${unique()}@example.com`;
      expect((await invite(sender, team.id, email)).status).toBe(201);
      const mail = await smtp.waitFor((m) => m.to.includes(email));
      expect(mail.subject).toBe(MESSAGES.invitations.subject);
      expect(mail.subject).not.toMatch(/URGENT|payroll/);
      expect(mail.text).toContain(workspaceMessages.invitationWorkspaceNamed(lure));
      // The only link to follow is the invitation's own.
      expect(firstLink(mail)).toContain(`${t.baseUrl}${INVITATION_ACCEPT_PATH}?token=`);
    });
  });

  describe('row 5: an invitation is bounded by its inviter now', () => {
    let owner: TestUser;
    let team: Workspace;
    beforeAll(async () => {
      owner = await t.signUp();
      team = await createWorkspace(owner, 'Bounded');
    });
    const role = async (user: TestUser) =>
      (
        await t.database.db
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, team.id as never), eq(workspaceMembers.userId, user.id)))
      )[0]?.role;

    it('withdraws what a demoted admin sent above their new role; what is within it stays', async () => {
      const admin = await t.signUp();
      await addMember(t, team.id, admin, 'admin');
      const [high, within, another] = ['high', 'within', 'another'].map((who) => `${who}-${unique()}@example.com`);
      expect((await invite(admin, team.id, high, 'admin')).status).toBe(201);
      expect((await invite(admin, team.id, within, 'editor')).status).toBe(201);
      expect((await invite(admin, team.id, another, 'editor')).status).toBe(201);
      const [highToken, withinToken, anotherToken] = [
        await tokenSentTo(high),
        await tokenSentTo(within),
        await tokenSentTo(another),
      ];

      const demoted = await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}/members/${admin.id}`, { role: 'editor' });
      expect(demoted.status).toBe(200);
      const pending = await apiCall(owner, 'GET', `/api/workspaces/${team.id}/invitations`);
      expect((pending.body as { email: string }[]).map((invitation) => invitation.email).sort()).toEqual(
        [within, another].sort(),
      );

      const highUser = await t.signUp(high);
      expectRefused(await accept(highUser, highToken), 410, MESSAGES.invitations.revoked);
      expect(await role(highUser)).toBeUndefined();
      const withinUser = await t.signUp(within);
      expect((await accept(withinUser, withinToken)).body).toMatchObject({ id: team.id, role: 'editor' });

      // Demoted to viewer, their editor invitation goes too.
      expect((await apiCall(owner, 'PATCH', `/api/workspaces/${team.id}/members/${admin.id}`, { role: 'viewer' })).status).toBe(
        200,
      );
      expectRefused(await accept(await t.signUp(another), anotherToken), 410, MESSAGES.invitations.revoked);
    });

    it('withdraws everything a removed member sent', async () => {
      const admin = await t.signUp();
      await addMember(t, team.id, admin, 'admin');
      const invited = `invited-${unique()}@example.com`;
      expect((await invite(admin, team.id, invited, 'viewer')).status).toBe(201);
      const token = await tokenSentTo(invited);
      expect((await apiCall(owner, 'DELETE', `/api/workspaces/${team.id}/members/${admin.id}`)).status).toBe(204);
      const user = await t.signUp(invited);
      expectRefused(await accept(user, token), 410, MESSAGES.invitations.revoked);
      expect(await role(user)).toBeUndefined();
    });

    it("grants no more than the inviter's role at acceptance, however the inviter lost the rest", async () => {
      const admin = await t.signUp();
      await addMember(t, team.id, admin, 'admin');
      const invited = `raced-${unique()}@example.com`;
      expect((await invite(admin, team.id, invited, 'admin')).status).toBe(201);
      const token = await tokenSentTo(invited);
      // Demoted without going through the members route (as a demotion racing the acceptance would be).
      await addMember(t, team.id, admin, 'viewer');
      const user = await t.signUp(invited);
      expect((await accept(user, token)).body).toMatchObject({ id: team.id, role: 'viewer' });
      expect(await role(user)).toBe('viewer');
    });

    it('refuses an invitation whose inviter left by any way, and keeps it from being used later', async () => {
      const admin = await t.signUp();
      await addMember(t, team.id, admin, 'admin');
      const invited = `orphan-${unique()}@example.com`;
      expect((await invite(admin, team.id, invited, 'editor')).status).toBe(201);
      const token = await tokenSentTo(invited);
      await t.database.db
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, team.id as never), eq(workspaceMembers.userId, admin.id)));
      const user = await t.signUp(invited);
      expectRefused(await accept(user, token), 410, MESSAGES.invitations.revoked);
      expect(await role(user)).toBeUndefined();
    });
  });
});
