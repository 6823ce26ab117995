import { and, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlerSettings } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type CrawlerSettingsRow = typeof crawlerSettings.$inferSelect;
export type CrawlerSettingsValues = Pick<
  CrawlerSettingsRow,
  'maxPages' | 'crawlDelay' | 'allowedDomains' | 'startUrls' | 'excludePatterns' | 'keepQueryParams'
> &
  Partial<Pick<CrawlerSettingsRow, 'ignoreSelectors' | 'ignoreTextPatterns'>>;

/**
 * One row per vendor of a workspace: saving again (by any member) replaces it, upserting on the
 * unique (vendor, workspace) pair; `user_id` keeps who saved it first.
 */
export class CrawlerSettingsRepository {
  constructor(private readonly db: Database) {}

  async find(workspaceId: WorkspaceId, vendorId: string): Promise<CrawlerSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlerSettings)
      .where(and(eq(crawlerSettings.workspaceId, workspaceId), eq(crawlerSettings.vendorId, vendorId)));
    return row;
  }

  async upsert(
    workspaceId: WorkspaceId,
    userId: string,
    vendorId: string,
    values: CrawlerSettingsValues,
  ): Promise<CrawlerSettingsRow> {
    const [row] = await this.db
      .insert(crawlerSettings)
      .values({ ...values, userId, workspaceId, vendorId })
      .onConflictDoUpdate({
        target: [crawlerSettings.vendorId, crawlerSettings.workspaceId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }
}
