import { OPEN_QUESTIONNAIRE_STATES, REMINDERS, type ReminderName } from '@vendorwatch/contracts';
import type { QuestionnaireRequestWithNames, QuestionnairesRepository, ReminderClaim } from '@vendorwatch/db';
import { dueReminderOf } from './remediation-reminders';
import type { DueReminder, ReminderSource } from './vendor-link-reminders';

const DAY_MS = 24 * 3600_000;
/** Requests looked at per run: open ones due within the reminders' reach. */
const BATCH = 5000;
const OWNER_SUFFIX = '_owner';

/**
 * The reminders of questionnaires (issue 41): the same four to the contact as a remediation request's
 * (7 and 1 days before the due date, 1 and 7 days after) and, at 7 days overdue, one to the vendor's
 * owner; sent by the same VendorLinkReminderSender, so each goes out exactly once whatever the number
 * of workers.
 */
export class QuestionnaireReminderSource implements ReminderSource {
  readonly kind = 'questionnaire' as const;

  constructor(
    private readonly requests: QuestionnairesRepository,
    private readonly publicUrl: string,
  ) {}

  async due(now: Date): Promise<DueReminder[]> {
    const reach = Math.max(...REMINDERS.map((reminder) => Math.abs(reminder.offsetDays))) + 1;
    const open = await this.requests.openDueBetween(
      new Date(now.getTime() - reach * DAY_MS),
      new Date(now.getTime() + reach * DAY_MS),
      BATCH,
    );
    const due: DueReminder[] = [];
    for (const request of open) {
      const reminder = dueReminderOf(request, now);
      if (!reminder) continue;
      due.push(this.reminderOf(request, reminder.name));
      if (reminder.name === 'after_7d') {
        const owner = await this.ownerReminder(request);
        if (owner) due.push(owner);
      }
    }
    return due;
  }

  async rebuild(claim: ReminderClaim, now: Date): Promise<DueReminder | null> {
    const request = await this.requests.findById(claim.subjectId);
    if (!request || !OPEN_QUESTIONNAIRE_STATES.includes(request.state)) return null;
    const name = claim.reminder.replace(OWNER_SUFFIX, '') as ReminderName;
    if (dueReminderOf(request, now)?.name !== name) return null; // a later reminder has taken its place
    return claim.reminder.endsWith(OWNER_SUFFIX) ? this.ownerReminder(request) : this.reminderOf(request, name);
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

  private async ownerReminder(request: QuestionnaireRequestWithNames): Promise<DueReminder | null> {
    const owner = await this.requests.vendorOwnerEmail(request.vendorId);
    if (!owner) return null;
    return {
      workspaceId: request.workspaceId,
      kind: this.kind,
      subjectId: request.id,
      reminder: `after_7d${OWNER_SUFFIX}`,
      mail: {
        kind: 'questionnaire-owner-reminder',
        to: owner,
        vendorName: request.vendorName,
        questionnaireName: request.templateName,
        contactEmail: request.contactEmail,
        dueAt: request.dueAt,
        link: `${this.publicUrl}/questionnaires/${request.id}`,
      },
      audit: {
        action: 'questionnaire.remind',
        targetType: 'questionnaire',
        summary: { vendorName: request.vendorName, owner: true },
      },
    };
  }
}
