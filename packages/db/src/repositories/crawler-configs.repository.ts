import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlerConfigs } from '../schema';

export type CrawlerConfigRow = typeof crawlerConfigs.$inferSelect;
export type NewCrawlerConfig = Pick<
  CrawlerConfigRow,
  'name' | 'type' | 'apiKeyEncrypted' | 'apiKeyLast4' | 'apiEndpoint' | 'options'
>;

/** Scraping-service configurations, owner-scoped; at most one active per user (a unique partial index). */
export class CrawlerConfigsRepository {
  constructor(private readonly db: Database) {}

  listByOwner(userId: string, window: ListWindow = FIRST_WINDOW): Promise<CrawlerConfigRow[]> {
    return this.db
      .select()
      .from(crawlerConfigs)
      .where(eq(crawlerConfigs.userId, userId))
      .orderBy(desc(crawlerConfigs.createdAt), desc(crawlerConfigs.id))
      .limit(window.limit)
      .offset(window.offset);
  }

  async findOwned(userId: string, id: string): Promise<CrawlerConfigRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlerConfigs)
      .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.userId, userId)));
    return row;
  }

  async findActive(userId: string): Promise<CrawlerConfigRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlerConfigs)
      .where(and(eq(crawlerConfigs.userId, userId), eq(crawlerConfigs.isActive, true)));
    return row;
  }

  /** A user's first configuration becomes the active one. */
  async create(userId: string, values: NewCrawlerConfig): Promise<CrawlerConfigRow> {
    return this.db.transaction(async (tx) => {
      const [active] = await tx
        .select({ id: crawlerConfigs.id })
        .from(crawlerConfigs)
        .where(and(eq(crawlerConfigs.userId, userId), eq(crawlerConfigs.isActive, true)));
      const [row] = await tx
        .insert(crawlerConfigs)
        .values({ ...values, userId, isActive: !active })
        .returning();
      return row!;
    });
  }

  async updateOwned(userId: string, id: string, changes: Partial<NewCrawlerConfig>): Promise<CrawlerConfigRow | undefined> {
    const [row] = await this.db
      .update(crawlerConfigs)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.userId, userId)))
      .returning();
    return row;
  }

  /** Deleting the active configuration leaves the user with none active. */
  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(crawlerConfigs)
      .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.userId, userId)))
      .returning({ id: crawlerConfigs.id });
    return rows.length > 0;
  }

  /** Deactivates the current one and activates `id` in one transaction. */
  async activate(userId: string, id: string): Promise<CrawlerConfigRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: crawlerConfigs.id })
        .from(crawlerConfigs)
        .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.userId, userId)))
        .for('update');
      if (!target) return undefined;
      await tx
        .update(crawlerConfigs)
        .set({ isActive: false })
        .where(and(eq(crawlerConfigs.userId, userId), eq(crawlerConfigs.isActive, true)));
      const [row] = await tx
        .update(crawlerConfigs)
        .set({ isActive: true, updatedAt: new Date() })
        .where(eq(crawlerConfigs.id, id))
        .returning();
      return row;
    });
  }
}
