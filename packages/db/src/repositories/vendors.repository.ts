import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, crawlJobs, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type VendorRow = typeof vendors.$inferSelect;
/** Domains and DKIM selectors default to none: the registrable domain of the URL, DKIM not applicable. */
export type NewVendor = Pick<VendorRow, 'name' | 'url' | 'description'> & Partial<Pick<VendorRow, 'domains' | 'dkimSelectors'>>;
type CrawlJobRow = typeof crawlJobs.$inferSelect;
/** A vendor's latest crawl, as its list row shows it. */
export type VendorLastCrawlRow = Pick<
  CrawlJobRow,
  'id' | 'status' | 'method' | 'progress' | 'pagesDone' | 'pagesPlanned' | 'error' | 'createdAt' | 'completedAt'
>;
/** A vendor with its latest compliance assessment and its latest crawl, each if it has one. */
export type VendorWithComplianceRow = VendorRow & {
  compliance: { reportId: string; rate: number; label: (typeof complianceAssessments.$inferSelect)['label'] } | null;
  lastCrawl: VendorLastCrawlRow | null;
};

/** Any constant: the first key of the per-workspace advisory lock around adding a vendor. */
const WORKSPACE_VENDORS_LOCK_SPACE = 72_110_946;

/**
 * Every query takes the workspace's id: a vendor of another workspace is simply not found. `user_id`
 * records who added the vendor.
 */
export class VendorsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The vendor list with each vendor's latest compliance assessment and latest crawl, in one query:
   * two lateral subqueries read one row per vendor, from the (workspace, vendor, assessed_at) index
   * and the (vendor, created_at) index.
   */
  async listWithCompliance(workspaceId: WorkspaceId, window: ListWindow = FIRST_WINDOW): Promise<VendorWithComplianceRow[]> {
    const latest = this.db
      .select({ reportId: complianceAssessments.id, rate: complianceAssessments.rate, label: complianceAssessments.label })
      .from(complianceAssessments)
      .where(and(eq(complianceAssessments.workspaceId, vendors.workspaceId), eq(complianceAssessments.vendorId, vendors.id)))
      .orderBy(desc(complianceAssessments.assessedAt), desc(complianceAssessments.id))
      .limit(1)
      .as('latest');
    const lastCrawl = this.db
      .select({
        id: crawlJobs.id,
        status: crawlJobs.status,
        method: crawlJobs.method,
        progress: crawlJobs.progress,
        pagesDone: crawlJobs.pagesDone,
        pagesPlanned: crawlJobs.pagesPlanned,
        error: crawlJobs.error,
        createdAt: crawlJobs.createdAt,
        completedAt: crawlJobs.completedAt,
      })
      .from(crawlJobs)
      .where(and(eq(crawlJobs.vendorId, vendors.id), eq(crawlJobs.workspaceId, vendors.workspaceId), eq(crawlJobs.kind, 'crawl')))
      .orderBy(desc(crawlJobs.createdAt), desc(crawlJobs.id))
      .limit(1)
      .as('last_crawl');
    const rows = await this.db
      .select({
        vendor: vendors,
        latest: { reportId: latest.reportId, rate: latest.rate, label: latest.label },
        lastCrawl: {
          id: lastCrawl.id,
          status: lastCrawl.status,
          method: lastCrawl.method,
          progress: lastCrawl.progress,
          pagesDone: lastCrawl.pagesDone,
          pagesPlanned: lastCrawl.pagesPlanned,
          error: lastCrawl.error,
          createdAt: lastCrawl.createdAt,
          completedAt: lastCrawl.completedAt,
        },
      })
      .from(vendors)
      .leftJoinLateral(latest, sql`true`)
      .leftJoinLateral(lastCrawl, sql`true`)
      .where(eq(vendors.workspaceId, workspaceId))
      .orderBy(desc(vendors.createdAt), desc(vendors.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map(({ vendor, latest, lastCrawl }) => ({
      ...vendor,
      compliance: latest ? { reportId: latest.reportId, rate: Number(latest.rate), label: latest.label } : null,
      lastCrawl,
    }));
  }

  /** A vendor of the workspace, or undefined (missing or another workspace's). */
  async findInWorkspace(workspaceId: WorkspaceId, id: string): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)));
    return row;
  }

  /**
   * Adds `vendor` to the workspace, recorded as added by `userId` — unless the workspace already
   * keeps `cap` vendors: then 'full' and nothing is stored. A lock per workspace makes two requests
   * adding at the same moment (by one member or several) count each other.
   */
  async createWithinCap(workspaceId: WorkspaceId, userId: string, vendor: NewVendor, cap: number): Promise<VendorRow | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WORKSPACE_VENDORS_LOCK_SPACE}, hashtext(${workspaceId}::text))`);
      const [{ kept } = { kept: 0 }] = await tx
        .select({ kept: sql<number>`count(*)::int` })
        .from(vendors)
        .where(eq(vendors.workspaceId, workspaceId));
      if (kept >= cap) return 'full';
      const [row] = await tx
        .insert(vendors)
        .values({ ...vendor, userId, workspaceId })
        .returning();
      return row!;
    });
  }

  async update(workspaceId: WorkspaceId, id: string, changes: Partial<NewVendor>): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .update(vendors)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)))
      .returning();
    return row;
  }

  /** The deleted vendor's id and name, or undefined when the workspace has no such vendor. */
  async delete(workspaceId: WorkspaceId, id: string): Promise<Pick<VendorRow, 'id' | 'name'> | undefined> {
    const [row] = await this.db
      .delete(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)))
      .returning({ id: vendors.id, name: vendors.name });
    return row;
  }
}
