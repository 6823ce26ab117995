import type { CrawlInventory, Grades } from '@vendorwatch/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../database';
import type { WorkspaceId } from '../workspace-id';
import { crawlInventories, vendors } from '../schema';

export type CrawlInventoryRow = typeof crawlInventories.$inferSelect;

export interface SaveInventoryInput {
  jobId: string;
  workspaceId: WorkspaceId;
  userId: string;
  vendorId: string | null;
  crawlCompletedAt: Date | null;
  inventory: CrawlInventory;
  grades: Grades;
}

/** A vendor's latest inventory, with the vendor's name. */
export type VendorInventoryRow = CrawlInventoryRow & { vendorName: string };

/** Most vendors a portfolio read takes at once (the API bounds its filters to it). */
export const MAX_PORTFOLIO_VENDORS = 1000;

/**
 * Crawl inventories: one per assessed crawl job, written with its assessment and replaced when the job
 * is assessed again. A vendor's reads are scoped by the workspace the request acts in: another
 * workspace's vendor has no inventory.
 */
export class CrawlInventoriesRepository {
  constructor(private readonly db: Database) {}

  async save(input: SaveInventoryInput): Promise<void> {
    const { inventory } = input;
    const values = {
      jobId: input.jobId,
      workspaceId: input.workspaceId,
      userId: input.userId,
      vendorId: input.vendorId,
      crawlCompletedAt: input.crawlCompletedAt,
      computedAt: new Date(),
      libraries: inventory.libraries,
      technologies: inventory.technologies,
      thirdParties: inventory.thirdParties,
      dataSources: inventory.dataSources,
      grades: input.grades,
      vulnerableLibraries: inventory.libraries.filter((library) => library.advisories.length > 0).length,
    };
    const { jobId: _jobId, ...update } = values;
    await this.db.insert(crawlInventories).values(values).onConflictDoUpdate({ target: crawlInventories.jobId, set: update });
  }

  async findByJob(workspaceId: WorkspaceId, jobId: string): Promise<CrawlInventoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlInventories)
      .where(and(eq(crawlInventories.jobId, jobId), eq(crawlInventories.workspaceId, workspaceId)));
    return row;
  }

  /** The inventory of the vendor's most recently completed assessed crawl. */
  async latestForVendor(workspaceId: WorkspaceId, vendorId: string): Promise<VendorInventoryRow | undefined> {
    const [row] = await this.latestForVendors(workspaceId, [vendorId]);
    return row;
  }

  /**
   * Each listed vendor's latest inventory — every vendor of the workspace's when no list is given, at
   * most MAX_PORTFOLIO_VENDORS — by vendor name; vendors without one are absent.
   */
  async latestForVendors(workspaceId: WorkspaceId, vendorIds?: readonly string[]): Promise<VendorInventoryRow[]> {
    if (vendorIds?.length === 0) return [];
    const scope = vendorIds ? inArray(crawlInventories.vendorId, vendorIds.slice(0, MAX_PORTFOLIO_VENDORS)) : undefined;
    const rows = await this.db
      .selectDistinctOn([crawlInventories.vendorId], { inventory: crawlInventories, vendorName: vendors.name })
      .from(crawlInventories)
      .innerJoin(vendors, and(eq(vendors.id, crawlInventories.vendorId), eq(vendors.workspaceId, workspaceId)))
      .where(and(eq(crawlInventories.workspaceId, workspaceId), scope))
      .orderBy(
        crawlInventories.vendorId,
        sql`${crawlInventories.crawlCompletedAt} desc nulls last`,
        desc(crawlInventories.computedAt),
      )
      .limit(MAX_PORTFOLIO_VENDORS);
    return rows
      .map(({ inventory, vendorName }) => ({ ...inventory, vendorName }))
      .sort((a, b) => a.vendorName.localeCompare(b.vendorName));
  }
}
