import { REMINDERS, type ReminderName, type VendorLinkKind } from '@vendorwatch/contracts';
import type { ReminderClaim, WorkspaceId } from '@vendorwatch/db';
import type { DueReminder, ReminderSource } from './vendor-link-reminders';

const DAY_MS = 24 * 3600_000;
/** Requests looked at per run: open ones due within the reminders' reach. */
const BATCH = 5000;
const OWNER_SUFFIX = '_owner';
/** The reminder at which the vendor's owner is told too. */
const OWNER_REMINDER: ReminderName = 'after_7d';

type Reminder = (typeof REMINDERS)[number];

/**
 * The reminder a request is due at `now`: the latest of REMINDERS whose moment (due date + offset) has
 * come and came after the request was sent (a request sent 3 days before its due date gets no
 * "7 days before"). Only the latest: after a long outage, one reminder goes out, not a burst.
 */
export function dueReminderOf(request: { dueAt: Date; createdAt: Date }, now: Date): Reminder | null {
  let due: Reminder | null = null;
  for (const reminder of REMINDERS) {
    const at = request.dueAt.getTime() + reminder.offsetDays * DAY_MS;
    if (at <= now.getTime() && at > request.createdAt.getTime()) due = reminder;
  }
  return due;
}

/** What every request to a vendor has that its reminders need. */
export interface RemindableRequest {
  id: string;
  workspaceId: WorkspaceId;
  vendorId: string;
  state: string;
  dueAt: Date;
  createdAt: Date;
}

/** The reads a kind of request's repository offers for its reminders. */
export interface RemindableRequests<R extends RemindableRequest> {
  openDueBetween(from: Date, to: Date, limit: number): Promise<R[]>;
  findById(id: string): Promise<R | undefined>;
  vendorOwnerEmail(vendorId: string): Promise<string | null>;
}

/**
 * When a request to a vendor is reminded, the same for every kind: the contact's four reminders
 * (7 and 1 days before the due date, 1 and 7 days after) and, at 7 days overdue, one to the vendor's
 * owner. A kind says only what its emails and audit entries say.
 */
export abstract class RequestReminderSource<R extends RemindableRequest> implements ReminderSource {
  abstract readonly kind: VendorLinkKind;
  /** The states in which the request still waits on the vendor. */
  protected abstract readonly openStates: readonly string[];

  constructor(protected readonly requests: RemindableRequests<R>) {}

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
      due.push(this.contactReminder(request, reminder));
      if (reminder.name === OWNER_REMINDER) {
        const owner = await this.ownerReminderOf(request);
        if (owner) due.push(owner);
      }
    }
    return due;
  }

  async rebuild(claim: ReminderClaim, now: Date): Promise<DueReminder | null> {
    const request = await this.requests.findById(claim.subjectId);
    if (!request || !this.openStates.includes(request.state)) return null;
    const forOwner = claim.reminder.endsWith(OWNER_SUFFIX);
    const name = forOwner ? claim.reminder.slice(0, -OWNER_SUFFIX.length) : claim.reminder;
    const reminder = dueReminderOf(request, now);
    if (reminder?.name !== name) return null; // a later reminder has taken its place
    return forOwner ? this.ownerReminderOf(request) : this.contactReminder(request, reminder);
  }

  abstract sent(reminder: DueReminder, now: Date): Promise<void>;

  /** The reminder to the request's contact. */
  protected abstract contactReminder(request: R, reminder: Reminder): DueReminder;

  /** The reminder to the vendor's owner, whose email is `owner`. */
  protected abstract ownerReminder(request: R, owner: string): DueReminder;

  /** The row identity every reminder of this request shares. */
  protected subjectOf(request: R, reminder: string): Pick<DueReminder, 'workspaceId' | 'kind' | 'subjectId' | 'reminder'> {
    return { workspaceId: request.workspaceId, kind: this.kind, subjectId: request.id, reminder };
  }

  protected ownerReminderName(): string {
    return `${OWNER_REMINDER}${OWNER_SUFFIX}`;
  }

  private async ownerReminderOf(request: R): Promise<DueReminder | null> {
    const owner = await this.requests.vendorOwnerEmail(request.vendorId);
    return owner ? this.ownerReminder(request, owner) : null;
  }
}
