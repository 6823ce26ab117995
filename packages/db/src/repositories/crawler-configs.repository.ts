import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlerConfigs } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type CrawlerConfigRow = typeof crawlerConfigs.$inferSelect;
export type NewCrawlerConfig = Pick<
  CrawlerConfigRow,
  'name' | 'type' | 'apiKeyEncrypted' | 'apiKeyLast4' | 'apiEndpoint' | 'options'
>;

/**
 * A workspace's scraping-service configurations; at most one active per workspace (a unique partial
 * index). `user_id` records who added one.
 */
export class CrawlerConfigsRepository {
  constructor(private readonly db: Database) {}

  list(workspaceId: WorkspaceId, window: ListWindow = FIRST_WINDOW): Promise<CrawlerConfigRow[]> {
    return this.db
      .select()
      .from(crawlerConfigs)
      .where(eq(crawlerConfigs.workspaceId, workspaceId))
      .orderBy(desc(crawlerConfigs.createdAt), desc(crawlerConfigs.id))
      .limit(window.limit)
      .offset(window.offset);
  }

  async find(workspaceId: WorkspaceId, id: string): Promise<CrawlerConfigRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlerConfigs)
      .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.workspaceId, workspaceId)));
    return row;
  }

  async findActive(workspaceId: WorkspaceId): Promise<CrawlerConfigRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlerConfigs)
      .where(and(eq(crawlerConfigs.workspaceId, workspaceId), eq(crawlerConfigs.isActive, true)));
    return row;
  }

  /** A workspace's first configuration becomes the active one. */
  async create(workspaceId: WorkspaceId, userId: string, values: NewCrawlerConfig): Promise<CrawlerConfigRow> {
    return this.db.transaction(async (tx) => {
      const [active] = await tx
        .select({ id: crawlerConfigs.id })
        .from(crawlerConfigs)
        .where(and(eq(crawlerConfigs.workspaceId, workspaceId), eq(crawlerConfigs.isActive, true)));
      const [row] = await tx
        .insert(crawlerConfigs)
        .values({ ...values, userId, workspaceId, isActive: !active })
        .returning();
      return row!;
    });
  }

  async update(workspaceId: WorkspaceId, id: string, changes: Partial<NewCrawlerConfig>): Promise<CrawlerConfigRow | undefined> {
    const [row] = await this.db
      .update(crawlerConfigs)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.workspaceId, workspaceId)))
      .returning();
    return row;
  }

  /** Deleting the active configuration leaves the workspace with none active. The deleted one's name, if any. */
  async delete(workspaceId: WorkspaceId, id: string): Promise<Pick<CrawlerConfigRow, 'id' | 'name'> | undefined> {
    const [row] = await this.db
      .delete(crawlerConfigs)
      .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.workspaceId, workspaceId)))
      .returning({ id: crawlerConfigs.id, name: crawlerConfigs.name });
    return row;
  }

  /** Deactivates the current one and activates `id` in one transaction. */
  async activate(workspaceId: WorkspaceId, id: string): Promise<CrawlerConfigRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: crawlerConfigs.id })
        .from(crawlerConfigs)
        .where(and(eq(crawlerConfigs.id, id), eq(crawlerConfigs.workspaceId, workspaceId)))
        .for('update');
      if (!target) return undefined;
      await tx
        .update(crawlerConfigs)
        .set({ isActive: false })
        .where(and(eq(crawlerConfigs.workspaceId, workspaceId), eq(crawlerConfigs.isActive, true)));
      const [row] = await tx
        .update(crawlerConfigs)
        .set({ isActive: true, updatedAt: new Date() })
        .where(eq(crawlerConfigs.id, id))
        .returning();
      return row;
    });
  }
}
