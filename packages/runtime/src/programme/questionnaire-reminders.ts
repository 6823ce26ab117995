import { OPEN_QUESTIONNAIRE_STATES } from '@vendorwatch/contracts';
import type { QuestionnaireRequestWithNames, QuestionnairesRepository } from '@vendorwatch/db';
import { RequestReminderSource } from './request-reminders';
import type { DueReminder } from './vendor-link-reminders';

/**
 * The reminders of questionnaires (issue 41): when they go out is a remediation request's rule
 * (RequestReminderSource); what they say is the questionnaire's own.
 */
export class QuestionnaireReminderSource extends RequestReminderSource<QuestionnaireRequestWithNames> {
  readonly kind = 'questionnaire' as const;
  protected readonly openStates = OPEN_QUESTIONNAIRE_STATES;

  constructor(
    requests: QuestionnairesRepository,
    private readonly publicUrl: string,
  ) {
    super(requests);
  }

  /** The audit entry is the request's history; nothing more to record. */
  async sent(): Promise<void> {}

  protected contactReminder(request: QuestionnaireRequestWithNames, reminder: { name: string; offsetDays: number }): DueReminder {
    return {
      ...this.subjectOf(request, reminder.name),
      mail: {
        kind: 'questionnaire-reminder',
        to: request.contactEmail,
        workspaceName: request.workspaceName,
        vendorName: request.vendorName,
        questionnaireName: request.templateName,
        dueAt: request.dueAt,
        sentAt: request.createdAt,
        offsetDays: reminder.offsetDays,
      },
      audit: { action: 'questionnaire.remind', targetType: 'questionnaire', summary: { vendorName: request.vendorName } },
    };
  }

  protected ownerReminder(request: QuestionnaireRequestWithNames, owner: string): DueReminder {
    return {
      ...this.subjectOf(request, this.ownerReminderName()),
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
