import type { AuditAction, VendorLinkKind } from '@vendorwatch/contracts';
import type { AuditLogRepository, ReminderClaim, VendorLinksRepository, WorkspaceId } from '@vendorwatch/db';
import type { ProgrammeMail, ProgrammeMailer } from './programme-mailer';

/** One email a request is due: which request, which reminder (its once-only name), and what it says. */
export interface DueReminder {
  workspaceId: WorkspaceId;
  kind: VendorLinkKind;
  subjectId: string;
  /** Unique per subject: `before_7d`, `after_7d`, `after_7d_owner` … */
  reminder: string;
  mail: ProgrammeMail;
  /** The audit entry of the send. */
  audit: { action: AuditAction; targetType: string; summary: Record<string, unknown> };
}

/**
 * What one kind of request (remediation now, questionnaires later) contributes: the reminders due at
 * `now`, and a reminder claimed earlier but never sent, built again if it is still wanted.
 */
export interface ReminderSource {
  readonly kind: VendorLinkKind;
  due(now: Date): Promise<DueReminder[]>;
  /** The claimed reminder as it would be sent now; null when it is no longer wanted (the request closed). */
  rebuild(claim: ReminderClaim, now: Date): Promise<DueReminder | null>;
  /** After a send: the request's own history records it. */
  sent(reminder: DueReminder, now: Date): Promise<void>;
}

export interface ReminderRunTally {
  sent: number;
  failed: number;
  /** Claimed by another runner (or sent before): left alone. */
  skipped: number;
}

/** A claim whose send did not finish within this long is taken to have died with its process. */
export const REMINDER_LEASE_MS = 10 * 60_000;
/** Sends of one reminder, the first included, before it is given up. */
export const REMINDER_MAX_ATTEMPTS = 3;
/** Unsent claims taken again per run. */
const RECLAIM_BATCH = 100;

/**
 * Sends each reminder of every kind of vendor request exactly once, whatever the number of runners
 * (workers) and restarts: a reminder's row (kind, subject, reminder) is inserted before its email
 * goes out — insert … on conflict do nothing returning — and only the runner whose insert made the
 * row sends. The row is marked sent after the send. If the process dies between the insert and
 * the mark, the claim lapses after REMINDER_LEASE_MS and one runner (an UPDATE … returning, so one
 * alone) claims and sends it again, up to REMINDER_MAX_ATTEMPTS: a crash at the very moment of
 * sending can repeat that one email; nothing else sends twice, and nothing is lost for a crash.
 * An SMTP failure is retried the same way. Every send is in the workspace's audit log.
 */
export class VendorLinkReminderSender {
  private readonly sources = new Map<VendorLinkKind, ReminderSource>();

  constructor(
    private readonly links: VendorLinksRepository,
    private readonly auditLog: AuditLogRepository,
    private readonly mailer: Pick<ProgrammeMailer, 'send'>,
    sources: ReminderSource[],
    private readonly options: { leaseMs: number; maxAttempts: number } = {
      leaseMs: REMINDER_LEASE_MS,
      maxAttempts: REMINDER_MAX_ATTEMPTS,
    },
  ) {
    for (const source of sources) this.sources.set(source.kind, source);
  }

  /** One run at `now` (the job passes the clock; tests pass theirs). */
  async run(now = new Date(), signal?: AbortSignal): Promise<ReminderRunTally> {
    const tally: ReminderRunTally = { sent: 0, failed: 0, skipped: 0 };
    for (const source of this.sources.values()) {
      for (const reminder of await source.due(now)) {
        if (signal?.aborted) return tally;
        const claim = await this.links.claimReminder(
          { workspaceId: reminder.workspaceId, kind: reminder.kind, subjectId: reminder.subjectId, reminder: reminder.reminder },
          now,
        );
        if (!claim) tally.skipped++;
        else await this.deliver(claim, reminder, source, now, tally);
      }
    }
    const lapsedBefore = new Date(now.getTime() - this.options.leaseMs);
    for (const claim of await this.links.reclaimUnsent(lapsedBefore, this.options.maxAttempts, now, RECLAIM_BATCH)) {
      if (signal?.aborted) break;
      const source = this.sources.get(claim.kind);
      const reminder = source ? await source.rebuild(claim, now) : null;
      if (!source || !reminder) {
        // No longer wanted (the request was answered or cancelled meanwhile): closed without an email.
        await this.links.markReminderFailed(claim.id, 'no longer due');
        await this.links.markReminderSent(claim.id, now);
        tally.skipped++;
        continue;
      }
      await this.deliver(claim, reminder, source, now, tally);
    }
    return tally;
  }

  private async deliver(claim: ReminderClaim, reminder: DueReminder, source: ReminderSource, now: Date, tally: ReminderRunTally) {
    let delivery: string;
    try {
      delivery = await this.mailer.send(reminder.mail);
    } catch (error) {
      await this.links.markReminderFailed(claim.id, error instanceof Error ? error.message : String(error));
      tally.failed++;
      return;
    }
    await this.links.markReminderSent(claim.id, now);
    await this.auditLog.append({
      workspaceId: reminder.workspaceId,
      actorType: 'user',
      actorId: null,
      actorLabel: 'Vendorwatch',
      action: reminder.audit.action,
      targetType: reminder.audit.targetType,
      targetId: reminder.subjectId,
      summary: {
        ...reminder.audit.summary,
        reminder: reminder.reminder,
        to: reminder.mail.to,
        delivery,
        attempt: claim.attempts,
      },
      clientAddress: null,
    });
    await source.sent(reminder, now);
    tally.sent++;
  }
}
