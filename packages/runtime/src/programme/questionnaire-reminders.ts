import { OPEN_QUESTIONNAIRE_STATES, REMINDERS, type ReminderName } from '@vendorwatch/contracts';
import type { QuestionnaireRequestWithNames, QuestionnairesRepository, ReminderClaim } from '@vendorwatch/db';
import { dueReminderOf } from './remediation-reminders';
import type { DueReminder, ReminderSource } from './vendor-link-reminders';

const DAY_MS = 24 * 3600_000;
/** Requests looked at per run: open ones due within the reminders' reach. */
const BATCH = 5000;

/**
 * The reminders of questionnaires (issue 41): the same four to the contact as a remediation request's
 * (7 and 1 days before the due date, 1 and 7 days after), sent by the same VendorLinkReminderSender,
 * so each goes out exactly once whatever the number of workers.
 */
export class QuestionnaireReminderSource implements ReminderSource {
  readonly kind = 'questionnaire' as const;

  constructor(private readonly requests: QuestionnairesRepository) {}

  async due(now: Date): Promise<DueReminder[]> {
    const reach = Math.max(...REMINDERS.map((reminder) => Math.abs(reminder.offsetDays))) + 1;
    const open = await this.requests.openDueBetween(
      new Date(now.getTime() - reach * DAY_MS),
      new Date(now.getTime() + reach * DAY_MS),
      BATCH,
    );
    return open.flatMap((request) => {
      const reminder = dueReminderOf(request, now);
      return reminder ? [this.reminderOf(request, reminder.name)] : [];
    });
  }

  async rebuild(claim: ReminderClaim, now: Date): Promise<DueReminder | null> {
    const request = await this.requests.findById(claim.subjectId);
    if (!request || !OPEN_QUESTIONNAIRE_STATES.includes(request.state)) return null;
    if (dueReminderOf(request, now)?.name !== claim.reminder) return null;
    return this.reminderOf(request, claim.reminder as ReminderName);
  }

  /** The audit entry is the request's history; nothing more to record. */
  async sent(): Promise<void> {}

  private reminderOf(request: QuestionnaireRequestWithNames, name: ReminderName): DueReminder {
    return {
      workspaceId: request.workspaceId,
      kind: this.kind,
      subjectId: request.id,
      reminder: name,
      mail: {
        kind: 'questionnaire-reminder',
        to: request.contactEmail,
        workspaceName: request.workspaceName,
        vendorName: request.vendorName,
        questionnaireName: request.templateName,
        dueAt: request.dueAt,
        sentAt: request.createdAt,
        offsetDays: REMINDERS.find((reminder) => reminder.name === name)!.offsetDays,
      },
      audit: { action: 'questionnaire.remind', targetType: 'questionnaire', summary: { vendorName: request.vendorName } },
    };
  }
}
