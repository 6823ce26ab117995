import { OPEN_REMEDIATION_STATES } from '@vendorwatch/contracts';
import type { RemediationRequestRow, RemediationRequestsRepository } from '@vendorwatch/db';
import { RequestReminderSource } from './request-reminders';
import type { DueReminder } from './vendor-link-reminders';

type OpenRequest = RemediationRequestRow & { vendorName: string; workspaceName: string };

/** The reminders of remediation requests: the contact's four, and the owner's at a week overdue. */
export class RemediationReminderSource extends RequestReminderSource<OpenRequest> {
  readonly kind = 'remediation' as const;
  protected readonly openStates = OPEN_REMEDIATION_STATES;

  constructor(
    private readonly remediation: RemediationRequestsRepository,
    private readonly publicUrl: string,
  ) {
    super(remediation);
  }

  async sent(reminder: DueReminder, now: Date): Promise<void> {
    await this.remediation.addEvent({
      workspaceId: reminder.workspaceId,
      requestId: reminder.subjectId,
      type: 'reminder_sent',
      actor: 'Vendorwatch',
      detail: { reminder: reminder.reminder, to: reminder.mail.to },
      at: now,
    });
  }

  protected contactReminder(request: OpenRequest, reminder: { name: string; offsetDays: number }): DueReminder {
    return {
      ...this.subjectOf(request, reminder.name),
      mail: {
        kind: 'remediation-reminder',
        to: request.contactEmail,
        workspaceName: request.workspaceName,
        vendorName: request.vendorName,
        dueAt: request.dueAt,
        sentAt: request.createdAt,
        offsetDays: reminder.offsetDays,
      },
      audit: {
        action: 'remediation_request.remind',
        targetType: 'remediation_request',
        summary: { vendorName: request.vendorName },
      },
    };
  }

  protected ownerReminder(request: OpenRequest, owner: string): DueReminder {
    return {
      ...this.subjectOf(request, this.ownerReminderName()),
      mail: {
        kind: 'remediation-owner-reminder',
        to: owner,
        vendorName: request.vendorName,
        contactEmail: request.contactEmail,
        dueAt: request.dueAt,
        link: `${this.publicUrl}/vendors/${request.vendorId}`,
      },
      audit: {
        action: 'remediation_request.remind',
        targetType: 'remediation_request',
        summary: { vendorName: request.vendorName, owner: true },
      },
    };
  }
}
