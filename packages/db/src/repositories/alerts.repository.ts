import type { AlertDeliveryStatus } from '@vendorwatch/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { alertChannels, alertDeliveries, alertRules } from '../schema';

export type AlertChannelRow = typeof alertChannels.$inferSelect;
export type AlertRuleRow = typeof alertRules.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
export type NewAlertDelivery = typeof alertDeliveries.$inferInsert;

/** Alert channels, rules and deliveries; the API's reads and writes are owner-scoped. */
export class AlertsRepository {
  constructor(private readonly db: Database) {}

  listChannels(userId: string): Promise<AlertChannelRow[]> {
    return this.db.select().from(alertChannels).where(eq(alertChannels.userId, userId)).orderBy(alertChannels.createdAt);
  }

  async countChannels(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(alertChannels).where(eq(alertChannels.userId, userId));
    return row?.n ?? 0;
  }

  async createChannel(values: typeof alertChannels.$inferInsert): Promise<AlertChannelRow> {
    const [row] = await this.db.insert(alertChannels).values(values).returning();
    return row!;
  }

  async findChannel(userId: string, id: string): Promise<AlertChannelRow | undefined> {
    const [row] = await this.db
      .select()
      .from(alertChannels)
      .where(and(eq(alertChannels.id, id), eq(alertChannels.userId, userId)));
    return row;
  }

  async deleteChannel(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(alertChannels)
      .where(and(eq(alertChannels.id, id), eq(alertChannels.userId, userId)))
      .returning({ id: alertChannels.id });
    return rows.length > 0;
  }

  listRules(userId: string): Promise<AlertRuleRow[]> {
    return this.db.select().from(alertRules).where(eq(alertRules.userId, userId)).orderBy(alertRules.createdAt);
  }

  async countRules(userId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(alertRules).where(eq(alertRules.userId, userId));
    return row?.n ?? 0;
  }

  async createRule(values: typeof alertRules.$inferInsert): Promise<AlertRuleRow> {
    const [row] = await this.db.insert(alertRules).values(values).returning();
    return row!;
  }

  async deleteRule(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(alertRules)
      .where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)))
      .returning({ id: alertRules.id });
    return rows.length > 0;
  }

  /** Records a delivery; undefined when this rule already alerted this channel about this crawl. */
  async createDelivery(values: NewAlertDelivery): Promise<AlertDeliveryRow | undefined> {
    const [row] = await this.db.insert(alertDeliveries).values(values).onConflictDoNothing().returning();
    return row;
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
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: (AlertDeliveryRow & { channelName: string | null })[]; total: number }> {
    const where = eq(alertDeliveries.userId, userId);
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
