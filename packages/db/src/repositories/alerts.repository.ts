import type { AlertChannelKind, AlertDeliveryStatus } from '@vendorwatch/contracts';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { alertChannels, alertDeliveries, alertRules } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type NewAlertDelivery = typeof alertDeliveries.$inferInsert;

/** Alert channels, rules and deliveries; they belong to a workspace, and every read and write is scoped by it. */
export class AlertsRepository {
  constructor(private readonly db: Database) {}

  listChannels(workspaceId: WorkspaceId): Promise<AlertChannelRow[]> {
    return this.db
      .select()
      .from(alertChannels)
      .where(eq(alertChannels.workspaceId, workspaceId))
      .orderBy(alertChannels.createdAt);
  }

  /** The channels alerts may go to: confirmed ones (an email address whose link was opened; every webhook), oldest first. */
  listConfirmedChannels(workspaceId: WorkspaceId): Promise<AlertChannelRow[]> {
    return this.db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.workspaceId, workspaceId), isNotNull(alertChannels.confirmedAt)))
      .orderBy(asc(alertChannels.createdAt), asc(alertChannels.id));
  }

  async countChannels(workspaceId: WorkspaceId): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.workspaceId, workspaceId));
    return row?.n ?? 0;
  }

  /** Whether the workspace has a channel of this kind to the target with this fingerprint. */
  async hasChannelTo(workspaceId: WorkspaceId, kind: AlertChannelKind, targetFingerprint: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: alertChannels.id })
      .from(alertChannels)
      .where(
        and(
          eq(alertChannels.workspaceId, workspaceId),
          eq(alertChannels.kind, kind),
          eq(alertChannels.targetFingerprint, targetFingerprint),
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  async createChannel(values: typeof alertChannels.$inferInsert): Promise<AlertChannelRow> {
    const [row] = await this.db.insert(alertChannels).values(values).returning();
    return row!;
  }

  async findChannel(workspaceId: WorkspaceId, id: string): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.id, id), eq(alertChannels.workspaceId, workspaceId)));
    return row;
  }

  async deleteChannel(workspaceId: WorkspaceId, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(alertChannels)
      .where(and(eq(alertChannels.id, id), eq(alertChannels.workspaceId, workspaceId)))
      .returning({ id: alertChannels.id });
    return rows.length > 0;
  }

  /**
   * Starts a message the user asked for (a test alert, a confirmation link) unless one went to the
   * channel less than `cooldownSeconds` ago: the row when it may go (its send time now taken), else
   * undefined. One statement, so two requests at once cannot both pass.
   */
  async claimRequestedSend(workspaceId: WorkspaceId, id: string, cooldownSeconds: number): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db
      .update(alertChannels)
      .set({ lastRequestedSendAt: sql`now()` })
      .where(
        and(
          eq(alertChannels.id, id),
          eq(alertChannels.workspaceId, workspaceId),
          or(
            isNull(alertChannels.lastRequestedSendAt),
            lte(alertChannels.lastRequestedSendAt, sql`now() - make_interval(secs => ${cooldownSeconds})`),
          ),
        ),
      )
      .returning();
    return row;
  }

  /** Seconds until the channel's cooldown ends (0 when it has). */
  async cooldownLeft(id: string, cooldownSeconds: number): Promise<number> {
    const [row] = await this.db
      .select({
        seconds: sql<string>`ceil(extract(epoch from (${alertChannels.lastRequestedSendAt} + make_interval(secs => ${cooldownSeconds}) - now())))`,
      })
      .from(alertChannels)
      .where(eq(alertChannels.id, id));
    return Math.max(0, Number(row?.seconds ?? 0));
  }

  /** A new pending confirmation link for the channel (the previous one stops working). */
  async setConfirmation(id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .update(alertChannels)
      .set({ confirmationTokenHash: tokenHash, confirmationExpiresAt: expiresAt })
      .where(eq(alertChannels.id, id));
  }

  /**
   * Confirms the channel whose unexpired link has this token, once: the token is spent. The address's
   * reader asked for alerts, so the link's cooldown ends too (a test alert may follow at once).
   */
  async confirmByToken(tokenHash: string): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db
      .update(alertChannels)
      .set({ confirmedAt: sql`now()`, confirmationTokenHash: null, confirmationExpiresAt: null, lastRequestedSendAt: null })
      .where(
        and(
          eq(alertChannels.confirmationTokenHash, tokenHash),
          gt(alertChannels.confirmationExpiresAt, sql`now()`),
          isNull(alertChannels.confirmedAt),
        ),
      )
      .returning();
    return row;
  }

  /** Channels stored before targets were encrypted and fingerprinted (webhook URLs in clear). */
  listChannelsWithoutFingerprint(limit: number): Promise<AlertChannelRow[]> {
    return this.db.select().from(alertChannels).where(isNull(alertChannels.targetFingerprint)).limit(limit);
  }

  async updateStoredTarget(
    id: string,
    values: Pick<AlertChannelRow, 'target' | 'targetEncrypted' | 'targetFingerprint'>,
  ): Promise<void> {
    await this.db.update(alertChannels).set(values).where(eq(alertChannels.id, id));
  }

  listRules(workspaceId: WorkspaceId): Promise<AlertRuleRow[]> {
    return this.db.select().from(alertRules).where(eq(alertRules.workspaceId, workspaceId)).orderBy(alertRules.createdAt);
  }

  async countRules(workspaceId: WorkspaceId): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(alertRules).where(eq(alertRules.workspaceId, workspaceId));
    return row?.n ?? 0;
  }

  /** Adds a rule; undefined when the workspace has one of the same kind and parameters (the unique key). */
  async createRule(values: typeof alertRules.$inferInsert): Promise<AlertRuleRow | undefined> {
    const [row] = await this.db.insert(alertRules).values(values).onConflictDoNothing().returning();
    return row;
  }

  async deleteRule(workspaceId: WorkspaceId, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(alertRules)
      .where(and(eq(alertRules.id, id), eq(alertRules.workspaceId, workspaceId)))
      .returning({ id: alertRules.id });
    return rows.length > 0;
  }

  /** Records a delivery; undefined when this channel already has the alert with this event key. */
  async createDelivery(values: NewAlertDelivery): Promise<AlertDeliveryRow | undefined> {
    const [row] = await this.db.insert(alertDeliveries).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Deliveries recorded for a crawl's alerts (every channel and event). */
  async countDeliveriesOfCrawl(crawlJobId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(alertDeliveries).where(eq(alertDeliveries.crawlJobId, crawlJobId));
    return row?.n ?? 0;
  }

  async findDelivery(id: string): Promise<{ delivery: AlertDeliveryRow; channel: AlertChannelRow | null } | undefined> {
    const [row] = await this.db
      .select({ delivery: alertDeliveries, channel: alertChannels })
      .from(alertDeliveries)
      .leftJoin(alertChannels, eq(alertChannels.id, alertDeliveries.channelId))
      .where(eq(alertDeliveries.id, id));
    return row;
  }

  /** One attempt's outcome: the attempt is counted whatever happened. */
  async recordAttempt(
    id: string,
    outcome: { status: AlertDeliveryStatus; statusCode: number | null; error: string | null },
  ): Promise<void> {
    await this.db
      .update(alertDeliveries)
      .set({
        status: outcome.status,
        statusCode: outcome.statusCode,
        error: outcome.error,
        attempts: sql`${alertDeliveries.attempts} + 1`,
        deliveredAt: outcome.status === 'delivered' ? new Date() : null,
      })
      .where(eq(alertDeliveries.id, id));
  }

  async listDeliveries(
    workspaceId: WorkspaceId,
    page: number,
    limit: number,
  ): Promise<{ rows: (AlertDeliveryRow & { channelName: string | null })[]; total: number }> {
    const where = eq(alertDeliveries.workspaceId, workspaceId);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ delivery: alertDeliveries, channelName: alertChannels.name })
        .from(alertDeliveries)
        .leftJoin(alertChannels, eq(alertChannels.id, alertDeliveries.channelId))
        .where(where)
        .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(alertDeliveries).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.delivery, channelName: r.channelName })), total: totals?.total ?? 0 };
  }
}
