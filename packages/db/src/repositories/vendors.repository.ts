import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import type { WorkspaceId } from '../workspace-id';
import { complianceAssessments, crawlJobs, vendors } from '../schema';

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

/** Any constant: the first key of the per-user advisory lock around adding a vendor. */
const USER_VENDORS_LOCK_SPACE = 72_110_946;

/** Every query takes the owner's id: a vendor of another user is simply not found. */
export class VendorsRepository {
  constructor(private readonly db: Database) {}

  listByOwner(userId: string): Promise<VendorRow[]> {
    return this.db.select().from(vendors).where(eq(vendors.userId, userId)).orderBy(desc(vendors.createdAt), desc(vendors.id));
  }

  /**
   * The vendor list with each vendor's latest compliance assessment and latest crawl, in one query:
   * two lateral subqueries read one row per vendor, from the (user, vendor, assessed_at) index and
   * the (vendor, created_at) index.
   */
  async listByOwnerWithCompliance(userId: string, window: ListWindow = FIRST_WINDOW): Promise<VendorWithComplianceRow[]> {
    const latest = this.db
      .select({ reportId: complianceAssessments.id, rate: complianceAssessments.rate, label: complianceAssessments.label })
      .from(complianceAssessments)
      .where(and(eq(complianceAssessments.userId, vendors.userId), eq(complianceAssessments.vendorId, vendors.id)))
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
      .where(and(eq(crawlJobs.vendorId, vendors.id), eq(crawlJobs.userId, vendors.userId), eq(crawlJobs.kind, 'crawl')))
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
      .where(eq(vendors.userId, userId))
      .orderBy(desc(vendors.createdAt), desc(vendors.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map(({ vendor, latest, lastCrawl }) => ({
      ...vendor,
      compliance: latest ? { reportId: latest.reportId, rate: Number(latest.rate), label: latest.label } : null,
      lastCrawl,
    }));
  }

  async findOwned(userId: string, id: string): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.userId, userId)));
    return row;
  }

  /** A vendor of the workspace's; undefined for another workspace's, as for an unknown id. */
  async findInWorkspace(workspaceId: WorkspaceId, id: string): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)));
    return row;
  }

  async create(userId: string, vendor: NewVendor): Promise<VendorRow> {
    const [row] = await this.db
      .insert(vendors)
      .values({ ...vendor, userId })
      .returning();
    return row!;
  }

  /**
   * create, unless the user already keeps `cap` vendors: then 'full' and nothing is stored. A lock
   * per user makes two requests adding at the same moment count each other.
   */
  async createWithinCap(userId: string, vendor: NewVendor, cap: number): Promise<VendorRow | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${USER_VENDORS_LOCK_SPACE}, hashtext(${userId}::text))`);
      const [{ kept } = { kept: 0 }] = await tx
        .select({ kept: sql<number>`count(*)::int` })
        .from(vendors)
        .where(eq(vendors.userId, userId));
      if (kept >= cap) return 'full';
      const [row] = await tx
        .insert(vendors)
        .values({ ...vendor, userId })
        .returning();
      return row!;
    });
  }

  async updateOwned(userId: string, id: string, changes: Partial<NewVendor>): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .update(vendors)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(vendors.id, id), eq(vendors.userId, userId)))
      .returning();
    return row;
  }

  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.userId, userId)))
      .returning({ id: vendors.id });
    return rows.length > 0;
  }
}
