import { MESSAGES } from '@vendorwatch/contracts';
import {
  auditLog,
  AuditLogRepository,
  QuestionnairesRepository,
  users,
  vendorLinkReminders,
  VendorLinksRepository,
  vendors,
  type WorkspaceId,
} from '@vendorwatch/db';
import { createTestDatabase, personalWorkspaceOf, type TestDatabase } from '@vendorwatch/db/testing';
import { and, eq } from 'drizzle-orm';
import { startSmtpCatcher, type SmtpCatcher } from '../../../../test-support/smtp-catcher';
import { ProgrammeMailer } from './programme-mailer';
import { QuestionnaireReminderSource } from './questionnaire-reminders';
import { VendorLinkReminderSender } from './vendor-link-reminders';

const DAY_MS = 24 * 3600_000;

/**
 * Issue 41: the contact of an unanswered questionnaire is reminded as of a remediation request, and
 * at a week overdue the vendor's owner hears of it too — each once, with two runners at once.
 */
describe('questionnaire reminders', () => {
  let database: TestDatabase;
  let smtp: SmtpCatcher;
  let questionnaires: QuestionnairesRepository;
  let workspaceId: WorkspaceId;
  let vendorId: string;
  let ownerEmail: string;
  const mailers: ProgrammeMailer[] = [];

  const runner = () => {
    const mailer = new ProgrammeMailer({ SMTP_URL: smtp.url, SMTP_FROM: 'Vendorwatch <vw@example.test>', NODE_ENV: 'test' });
    mailers.push(mailer);
    return new VendorLinkReminderSender(new VendorLinksRepository(database.db), new AuditLogRepository(database.db), mailer, [
      new QuestionnaireReminderSource(questionnaires, 'https://vw.example'),
    ]);
  };
  const mailsTo = (address: string) => smtp.messages.filter((mail) => mail.to.includes(address));

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpCatcher();
    questionnaires = new QuestionnairesRepository(database.db);
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
  });
  afterAll(async () => {
    mailers.forEach((mailer) => mailer.close());
    await smtp?.close();
    await database?.drop();
  });

  it("reminds the contact, and at a week overdue the vendor's owner with a link to the questionnaire, each once", async () => {
    const due = new Date(Date.now() + 10 * DAY_MS);
    const sent = await questionnaires.create({
      workspaceId,
      vendorId,
      templateId: 'mvsp-3.0',
      templateName: 'MVSP 3.0',
      sections: [],
      contactEmail: 'contact@acme.example',
      dueAt: due,
      message: null,
      prefillAssessmentId: null,
      createdBy: null,
      answers: [],
    });
    const at = (days: number) => new Date(due.getTime() + days * DAY_MS + 3600_000);

    // A day overdue: the contact only.
    await Promise.all([runner().run(at(1)), runner().run(at(1))]);
    await smtp.waitFor(() => mailsTo('contact@acme.example').length >= 1);
    expect(mailsTo(ownerEmail)).toHaveLength(0);

    // A week overdue: the contact and the owner, once each whatever the number of runners.
    const tallies = await Promise.all([runner().run(at(7)), runner().run(at(7))]);
    await runner().run(new Date(at(7).getTime() + 3600_000));
    expect(tallies.reduce((sum, tally) => sum + tally.sent, 0)).toBe(2);
    await smtp.waitFor(() => mailsTo('contact@acme.example').length >= 2 && mailsTo(ownerEmail).length >= 1);
    expect(mailsTo('contact@acme.example').map((mail) => mail.subject)).toEqual(
      Array(2).fill(MESSAGES.questionnaires.reminderSubject),
    );
    const [owner, ...more] = mailsTo(ownerEmail);
    expect(more).toHaveLength(0);
    expect(owner!.subject).toBe(MESSAGES.questionnaires.ownerReminderSubject);
    expect(owner!.text).toContain('"MVSP 3.0" sent to "Acme" (contact@acme.example)');
    expect(owner!.text).toContain(`https://vw.example/questionnaires/${sent.id}`);

    const rows = await database.db.select().from(vendorLinkReminders).where(eq(vendorLinkReminders.subjectId, sent.id));
    expect(rows.map((row) => row.reminder).sort()).toEqual(['after_1d', 'after_7d', 'after_7d_owner']);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'questionnaire.remind'), eq(auditLog.targetId, sent.id)));
    expect(audited).toHaveLength(3);
  });
});
