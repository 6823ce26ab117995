import { MESSAGES } from '@vendorwatch/contracts';
import {
  auditLog,
  AuditLogRepository,
  RemediationRequestsRepository,
  users,
  vendorLinkReminders,
  VendorLinksRepository,
  vendors,
  workspaceMembers,
  type WorkspaceId,
} from '@vendorwatch/db';
import { createTestDatabase, personalWorkspaceOf, type TestDatabase } from '@vendorwatch/db/testing';
import { and, eq } from 'drizzle-orm';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { ProgrammeMailer } from './programme-mailer';
import { RemediationReminderSource } from './remediation-reminders';
import { REMINDER_LEASE_MS, VendorLinkReminderSender } from './vendor-link-reminders';

const DAY_MS = 24 * 3600_000;

/**
 * Issue 40, item 5: the contact of an open request is reminded 7 and 1 days before its due date and
 * 1 and 7 days after (the vendor's owner too at 7 after), each reminder once — with two runners at
 * the same moment, after a restart, and after a runner died between claiming and sending.
 */
describe('remediation reminders', () => {
  let database: TestDatabase;
  let smtp: SmtpCatcher;
  let requests: RemediationRequestsRepository;
  let workspaceId: WorkspaceId;
  let vendorId: string;
  let ownerEmail: string;
  const mailers: ProgrammeMailer[] = [];

  /** A runner as a worker process has one: its own mailer (SMTP connection) over the shared database. */
  const runner = () => {
    const mailer = new ProgrammeMailer({ SMTP_URL: smtp.url, SMTP_FROM: 'Vendorwatch <vw@example.test>', NODE_ENV: 'test' });
    mailers.push(mailer);
    return new VendorLinkReminderSender(new VendorLinksRepository(database.db), new AuditLogRepository(database.db), mailer, [
      new RemediationReminderSource(requests, 'https://vw.example'),
    ]);
  };
  const request = async (contactEmail: string, dueAt: Date) =>
    requests.create(
      {
        workspaceId,
        vendorId,
        assessmentId: null,
        createdBy: null,
        createdByLabel: 'analyst@example.test',
        contactEmail,
        dueAt,
        message: '',
        checks: [{ checkId: 'image-alt', title: 'Images have alt text' }],
      },
      'analyst@example.test',
    );
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpCatcher();
    requests = new RemediationRequestsRepository(database.db);
    const [owner] = await database.db
      .insert(users)
      .values({ email: `owner-${Math.random()}@example.test`, encryptedPassword: 'x' })
      .returning();
    ownerEmail = owner!.email;
    workspaceId = await personalWorkspaceOf(database.db, owner!.id);
    const [vendor] = await database.db
      .insert(vendors)
      .values({ workspaceId, userId: owner!.id, name: 'Acme', url: 'https://acme.example', ownerUserId: owner!.id })
      .returning();
    vendorId = vendor!.id;
    expect(await database.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, owner!.id))).toHaveLength(1);
  });
  afterAll(async () => {
    mailers.forEach((mailer) => mailer.close());
    await smtp?.close();
    await database?.drop();
  });

  it('sends each of the four reminders once, with two runners at once and after a restart', async () => {
    const due = new Date(Date.now() + 10 * DAY_MS);
    const sent = await request('contact@acme.example', due);
    const at = (days: number) => new Date(due.getTime() + days * DAY_MS + 3600_000);

    // Nothing is due yet.
    expect(await runner().run(new Date())).toEqual({ sent: 0, failed: 0, skipped: 0 });

    for (const [days, expected] of [
      [-7, 1],
      [-1, 2],
      [1, 3],
      [7, 4],
    ] as const) {
      const [first, second] = [runner(), runner()];
      const tallies = await Promise.all([first.run(at(days)), second.run(at(days))]);
      // A restart: a new runner, the same moment and an hour later.
      const restarted = runner();
      await restarted.run(at(days));
      await restarted.run(new Date(at(days).getTime() + 3600_000));
      expect(tallies.reduce((sum, tally) => sum + tally.sent, 0)).toBe(days === 7 ? 2 : 1);
      await smtp.waitFor(() => mailsTo('contact@acme.example').length >= expected);
      expect(mailsTo('contact@acme.example')).toHaveLength(expected);
    }
    const contactMails = mailsTo('contact@acme.example');
    expect(contactMails.map((mail) => mail.subject)).toEqual(Array(4).fill(MESSAGES.remediation.reminderSubject));
    expect(contactMails[0]!.text).toContain(`is due on ${due.toISOString().slice(0, 10)}, in 7 days`);
    expect(contactMails[3]!.text).toContain('7 days ago');
    // A week overdue, the vendor's owner hears of it too, once.
    expect(mailsTo(ownerEmail)).toHaveLength(1);
    expect(mailsTo(ownerEmail)[0]!.subject).toBe(MESSAGES.remediation.ownerReminderSubject);
    expect(mailsTo(ownerEmail)[0]!.text).toContain(`https://vw.example/vendors/${vendorId}`);

    const rows = await database.db.select().from(vendorLinkReminders).where(eq(vendorLinkReminders.subjectId, sent.id));
    expect(rows.map((row) => row.reminder).sort()).toEqual(['after_1d', 'after_7d', 'after_7d_owner', 'before_1d', 'before_7d']);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    // Each send is in the audit log, and in the request's history.
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'remediation_request.remind'), eq(auditLog.targetId, sent.id)));
    expect(audited).toHaveLength(5);
    expect(audited[0]).toMatchObject({ actorLabel: 'Vendorwatch', workspaceId });
    const events = await requests.eventsOf(sent.id);
    expect(events.filter((event) => event.type === 'reminder_sent')).toHaveLength(5);
  });

  it('sends a reminder claimed by a runner that died before sending once its claim lapses, and only once', async () => {
    const due = new Date(Date.now() + 10 * DAY_MS);
    const sent = await request('crash@acme.example', due);
    const moment = new Date(due.getTime() - 7 * DAY_MS + 60_000);
    // The runner that died: it inserted the reminder's row, and never sent.
    const claim = await new VendorLinksRepository(database.db).claimReminder(
      { workspaceId, kind: 'remediation', subjectId: sent.id, reminder: 'before_7d' },
      moment,
    );
    expect(claim).toBeDefined();
    // While the claim may still be sending, nobody else sends it.
    expect((await runner().run(new Date(moment.getTime() + 60_000))).sent).toBe(0);
    expect(mailsTo('crash@acme.example')).toHaveLength(0);
    // Once it lapsed, one of two runners sends it, once.
    const later = new Date(moment.getTime() + REMINDER_LEASE_MS + 60_000);
    const tallies = await Promise.all([runner().run(later), runner().run(later)]);
    expect(tallies.reduce((sum, tally) => sum + tally.sent, 0)).toBe(1);
    await runner().run(new Date(later.getTime() + REMINDER_LEASE_MS * 2));
    await smtp.waitFor(() => mailsTo('crash@acme.example').length >= 1);
    expect(mailsTo('crash@acme.example')).toHaveLength(1);
    const [row] = await database.db.select().from(vendorLinkReminders).where(eq(vendorLinkReminders.subjectId, sent.id));
    expect(row).toMatchObject({ attempts: 2, sentAt: expect.any(Date) });
  });

  it('skips reminders whose moment came before the request was sent, and requests no longer open', async () => {
    const due = new Date(Date.now() + 3 * DAY_MS);
    const late = await request('short@acme.example', due);
    // Sent 3 days before its due date: no "7 days before"; the "1 day before" comes.
    expect((await runner().run(new Date(due.getTime() - 2 * DAY_MS))).sent).toBe(0);
    expect((await runner().run(new Date(due.getTime() - DAY_MS + 60_000))).sent).toBe(1);
    await smtp.waitFor(() => mailsTo('short@acme.example').length >= 1);
    expect(mailsTo('short@acme.example')[0]!.text).toContain('in 1 day');

    const cancelled = await request('gone@acme.example', due);
    await requests.cancel(workspaceId, cancelled.id, new Date());
    await runner().run(new Date(due.getTime() + DAY_MS + 60_000));
    expect(mailsTo('gone@acme.example')).toHaveLength(0);
    expect((await requests.findById(late.id))?.state).toBe('sent');
  });
});
