import type { VendorLinkKind } from '@vendorwatch/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { vendorLinkReminders, vendorLinks, vendors, workspaces } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type VendorLinkRow = typeof vendorLinks.$inferSelect;
export type NewVendorLink = Pick<VendorLinkRow, 'workspaceId' | 'vendorId' | 'kind' | 'subjectId' | 'tokenHash' | 'contactEmail'>;
/** A link found by its token, with the names the vendor's page shows. */
export type VendorLinkWithNames = VendorLinkRow & { workspaceName: string; vendorName: string };
export type ReminderClaim = typeof vendorLinkReminders.$inferSelect;
export interface ReminderKey {
  workspaceId: WorkspaceId;
  kind: VendorLinkKind;
  subjectId: string;
  reminder: string;
}

/** Vendor links of any kind, and the once-only rows of their reminders. */
export class VendorLinksRepository {
  constructor(private readonly db: Database) {}

  async create(link: NewVendorLink): Promise<VendorLinkRow> {
    const [row] = await this.db.insert(vendorLinks).values(link).returning();
    return row!;
  }

  /** The link whose token has this digest, with the workspace's and vendor's names; dead or alive. */
  async findByTokenHash(tokenHash: string): Promise<VendorLinkWithNames | undefined> {
    const [row] = await this.db
      .select({ link: vendorLinks, workspaceName: workspaces.name, vendorName: vendors.name })
      .from(vendorLinks)
      .innerJoin(workspaces, eq(workspaces.id, vendorLinks.workspaceId))
      .innerJoin(vendors, eq(vendors.id, vendorLinks.vendorId))
      .where(eq(vendorLinks.tokenHash, tokenHash))
      .limit(1);
    return row ? { ...row.link, workspaceName: row.workspaceName, vendorName: row.vendorName } : undefined;
  }

  async findBySubject(kind: VendorLinkKind, subjectId: string): Promise<VendorLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendorLinks)
      .where(and(eq(vendorLinks.kind, kind), eq(vendorLinks.subjectId, subjectId)))
      .limit(1);
    return row;
  }

  /** Records a visit (the analyst sees when the vendor last opened the link). */
  async markViewed(id: string, at: Date): Promise<void> {
    await this.db.update(vendorLinks).set({ lastViewedAt: at }).where(eq(vendorLinks.id, id));
  }

  /** The link dies at once. */
  async cancel(kind: VendorLinkKind, subjectId: string, at: Date): Promise<void> {
    await this.db
      .update(vendorLinks)
      .set({ cancelledAt: at })
      .where(and(eq(vendorLinks.kind, kind), eq(vendorLinks.subjectId, subjectId), isNull(vendorLinks.cancelledAt)));
  }

  /** The request is done: the link keeps showing it for the closed-link period, then dies. */
  async close(kind: VendorLinkKind, subjectId: string, at: Date): Promise<void> {
    await this.db
      .update(vendorLinks)
      .set({ closedAt: at })
      .where(and(eq(vendorLinks.kind, kind), eq(vendorLinks.subjectId, subjectId), isNull(vendorLinks.closedAt)));
  }

  /**
   * Claims a reminder: inserts its row unless one exists. true: this caller (alone, whatever the
   * number of workers) sends it; false: it was claimed before.
   */
  async claimReminder(key: ReminderKey, at: Date): Promise<ReminderClaim | undefined> {
    const [row] = await this.db
      .insert(vendorLinkReminders)
      .values({ ...key, claimedAt: at })
      .onConflictDoNothing({ target: [vendorLinkReminders.kind, vendorLinkReminders.subjectId, vendorLinkReminders.reminder] })
      .returning();
    return row;
  }

  /**
   * Claims again the reminders whose send never finished (the process died, or SMTP failed) once their
   * claim is older than `claimedBefore`, up to `maxAttempts`: one UPDATE, so only one caller gets each.
   */
  async reclaimUnsent(claimedBefore: Date, maxAttempts: number, at: Date, limit: number): Promise<ReminderClaim[]> {
    const stale = this.db
      .select({ id: vendorLinkReminders.id })
      .from(vendorLinkReminders)
      .where(
        and(
          isNull(vendorLinkReminders.sentAt),
          lt(vendorLinkReminders.claimedAt, claimedBefore),
          lt(vendorLinkReminders.attempts, maxAttempts),
        ),
      )
      .orderBy(vendorLinkReminders.claimedAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(vendorLinkReminders)
      .set({ claimedAt: at, attempts: sql`${vendorLinkReminders.attempts} + 1` })
      .where(and(sql`${vendorLinkReminders.id} in (${stale})`, isNull(vendorLinkReminders.sentAt)))
      .returning();
  }

  async markReminderSent(id: string, at: Date): Promise<void> {
    await this.db.update(vendorLinkReminders).set({ sentAt: at, lastError: null }).where(eq(vendorLinkReminders.id, id));
  }

  async markReminderFailed(id: string, error: string): Promise<void> {
    await this.db
      .update(vendorLinkReminders)
      .set({ lastError: error.slice(0, 1000) })
      .where(eq(vendorLinkReminders.id, id));
  }

  /** The reminders of one subject, for tests and the request's history. */
  async remindersOf(kind: VendorLinkKind, subjectId: string): Promise<ReminderClaim[]> {
    return this.db
      .select()
      .from(vendorLinkReminders)
      .where(and(eq(vendorLinkReminders.kind, kind), eq(vendorLinkReminders.subjectId, subjectId)));
  }
}
