import { and, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlerSettings } from '../schema';

export type CrawlerSettingsRow = typeof crawlerSettings.$inferSelect;
export type CrawlerSettingsValues = Pick<
  CrawlerSettingsRow,
  'maxPages' | 'crawlDelay' | 'allowedDomains' | 'startUrls' | 'excludePatterns' | 'keepQueryParams'
> &
  Partial<Pick<CrawlerSettingsRow, 'ignoreSelectors' | 'ignoreTextPatterns'>>;

/** One row per vendor and user: saving again replaces it (upsert on the unique pair). */
export class CrawlerSettingsRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string, vendorId: string): Promise<CrawlerSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlerSettings)
      .where(and(eq(crawlerSettings.userId, userId), eq(crawlerSettings.vendorId, vendorId)));
    return row;
  }

  async upsert(userId: string, vendorId: string, values: CrawlerSettingsValues): Promise<CrawlerSettingsRow> {
    const [row] = await this.db
      .insert(crawlerSettings)
      .values({ ...values, userId, vendorId })
      .onConflictDoUpdate({
        target: [crawlerSettings.vendorId, crawlerSettings.userId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    return row!;
  }
}
