import { REMINDERS, type ReminderName } from '@vendorwatch/contracts';
import type { ReminderClaim, RemediationRequestRow, RemediationRequestsRepository } from '@vendorwatch/db';
import type { DueReminder, ReminderSource } from './vendor-link-reminders';

const DAY_MS = 24 * 3600_000;
/** Requests looked at per run: open ones due within the reminders' reach. */
const BATCH = 5000;
const OWNER_SUFFIX = '_owner';

type OpenRequest = RemediationRequestRow & { vendorName: string; workspaceName: string };

/**
 * The reminder a request is due at `now`: the latest of REMINDERS whose moment (due date + offset) has
 * come and came after the request was sent (a request sent 3 days before its due date gets no
 * "7 days before"). Only the latest: after a long outage, one reminder goes out, not a burst.
 */
export function dueReminderOf(
  request: Pick<RemediationRequestRow, 'dueAt' | 'createdAt'>,
  now: Date,
): (typeof REMINDERS)[number] | null {
  let due: (typeof REMINDERS)[number] | null = null;
  for (const reminder of REMINDERS) {
    const at = request.dueAt.getTime() + reminder.offsetDays * DAY_MS;
    if (at <= now.getTime() && at > request.createdAt.getTime()) due = reminder;
  }
  return due;
}

/** The reminders of remediation requests: the contact's four, and the owner's at a week overdue. */
export class RemediationReminderSource implements ReminderSource {
  readonly kind = 'remediation' as const;

  constructor(
    private readonly requests: RemediationRequestsRepository,
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
      due.push(this.contactReminder(request, reminder.name));
      if (reminder.name === 'after_7d') {
        const owner = await this.ownerReminder(request);
        if (owner) due.push(owner);
      }
    }
    return due;
  }

  async rebuild(claim: ReminderClaim, now: Date): Promise<DueReminder | null> {
    const request = await this.requests.findById(claim.subjectId);
    if (!request || !['sent', 'viewed', 'responded'].includes(request.state)) return null;
    const name = claim.reminder.replace(OWNER_SUFFIX, '') as ReminderName;
    if (dueReminderOf(request, now)?.name !== name) return null; // a later reminder has taken its place
    return claim.reminder.endsWith(OWNER_SUFFIX) ? this.ownerReminder(request) : this.contactReminder(request, name);
  }

  async sent(reminder: DueReminder, now: Date): Promise<void> {
    await this.requests.addEvent({
      workspaceId: reminder.workspaceId,
      requestId: reminder.subjectId,
      type: 'reminder_sent',
      actor: 'Vendorwatch',
      detail: { reminder: reminder.reminder, to: reminder.mail.to },
      at: now,
    });
  }

  private contactReminder(request: OpenRequest, name: ReminderName): DueReminder {
    const offsetDays = REMINDERS.find((reminder) => reminder.name === name)!.offsetDays;
    return {
      workspaceId: request.workspaceId,
      kind: this.kind,
      subjectId: request.id,
      reminder: name,
      mail: {
        kind: 'remediation-reminder',
        to: request.contactEmail,
        workspaceName: request.workspaceName,
        vendorName: request.vendorName,
        dueAt: request.dueAt,
        sentAt: request.createdAt,
        offsetDays,
      },
      audit: {
        action: 'remediation_request.remind',
        targetType: 'remediation_request',
        summary: { vendorName: request.vendorName },
      },
    };
  }

  private async ownerReminder(request: OpenRequest): Promise<DueReminder | null> {
    const owner = await this.requests.vendorOwnerEmail(request.vendorId);
    if (!owner) return null;
    return {
      workspaceId: request.workspaceId,
      kind: this.kind,
      subjectId: request.id,
      reminder: `after_7d${OWNER_SUFFIX}`,
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
