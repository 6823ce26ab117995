import { and, count, countDistinct, eq, gt, gte, isNotNull, sql, type Placeholder } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../database';
import { complianceAssessments, crawlJobs, crawlPages, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export interface DashboardFigures {
  totalVendors: number;
  crawledVendors: number;
  totalCrawls: number;
  completedCrawls: number;
  averageResponseTime: number | null;
  totalPages: number;
}

/**
 * The dashboard's figures, each one query over one index of the workspace's rows (see
 * dashboard.repository.test.ts for the plans on 100 000 pages).
 */
export class DashboardRepository {
  /** The summary is polled: its queries are built once and planned once per connection. */
  private readonly prepared;

  constructor(private readonly db: Database) {
    const queries = this.figureQueries(sql.placeholder('workspaceId'));
    this.prepared = {
      vendors: queries.vendors.prepare('dashboard_vendors'),
      crawls: queries.crawls.prepare('dashboard_crawls'),
      crawledVendors: queries.crawledVendors.prepare('dashboard_crawled_vendors'),
    };
  }

  async figures(workspaceId: WorkspaceId): Promise<DashboardFigures> {
    const { vendors, crawls, crawledVendors } = this.prepared;
    const [[vendorCount], [jobs], [crawled]] = await Promise.all([
      vendors.execute({ workspaceId }),
      crawls.execute({ workspaceId }),
      crawledVendors.execute({ workspaceId }),
    ]);
    return {
      totalVendors: vendorCount?.total ?? 0,
      crawledVendors: crawled?.vendors ?? 0,
      totalCrawls: jobs?.total ?? 0,
      completedCrawls: jobs?.completed ?? 0,
      averageResponseTime: jobs?.timedPages ? Math.round(jobs.responseTimeMsSum / jobs.timedPages) : null,
      totalPages: jobs?.storedPages ?? 0,
    };
  }

  /**
   * One query per figure; public so their plans can be checked (dashboard.repository.test.ts). The
   * page figures are sums of each job's running totals (kept by a trigger on crawl_pages): a
   * workspace's hundreds of jobs are read, not their hundred thousand pages.
   */
  figureQueries(workspaceId: WorkspaceId | Placeholder) {
    const total = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
    return {
      vendors: this.db.select({ total: count() }).from(vendors).where(eq(vendors.workspaceId, workspaceId)),
      crawls: this.db
        .select({
          total: sql<number>`count(*) filter (where ${crawlJobs.kind} = 'crawl')`.mapWith(Number),
          completed:
            sql<number>`count(*) filter (where ${crawlJobs.kind} = 'crawl' and ${crawlJobs.status} = 'completed')`.mapWith(
              Number,
            ),
          storedPages: total(crawlJobs.storedPages),
          responseTimeMsSum: total(crawlJobs.responseTimeMsSum),
          timedPages: total(crawlJobs.timedPages),
        })
        .from(crawlJobs)
        .where(eq(crawlJobs.workspaceId, workspaceId)),
      crawledVendors: this.db
        .select({ vendors: countDistinct(crawlJobs.vendorId) })
        .from(crawlJobs)
        .where(and(eq(crawlJobs.workspaceId, workspaceId), eq(crawlJobs.kind, 'crawl'), eq(crawlJobs.status, 'completed'))),
    };
  }

  /** Crawls by outcome per UTC day since `since`. */
  crawlsByDay(workspaceId: WorkspaceId, since: Date) {
    const day = utcDay(crawlJobs.createdAt);
    return this.db
      .select({ day, status: crawlJobs.status, crawls: count() })
      .from(crawlJobs)
      .where(and(eq(crawlJobs.workspaceId, workspaceId), eq(crawlJobs.kind, 'crawl'), gte(crawlJobs.createdAt, since)))
      .groupBy(day, crawlJobs.status);
  }

  /** Answered pages per UTC day since `since`. */
  pagesByDay(workspaceId: WorkspaceId, since: Date) {
    const day = utcDay(crawlPages.fetchedAt);
    return this.db
      .select({ day, pages: count() })
      .from(crawlPages)
      .where(and(eq(crawlPages.workspaceId, workspaceId), gte(crawlPages.fetchedAt, since), isNotNull(crawlPages.statusCode)))
      .groupBy(day);
  }

  /** Mean compliance rate of the assessments made on each UTC day since `since`. */
  complianceByDay(workspaceId: WorkspaceId, since: Date) {
    const day = utcDay(complianceAssessments.assessedAt);
    return this.db
      .select({
        day,
        averageRate: sql<number>`round(avg(${complianceAssessments.rate}), 1)`.mapWith(Number),
        assessments: count(),
      })
      .from(complianceAssessments)
      .where(and(eq(complianceAssessments.workspaceId, workspaceId), gte(complianceAssessments.assessedAt, since)))
      .groupBy(day);
  }

  /** Mean response time of each vendor's answered pages, slowest first (from the jobs' running totals). */
  responseTimeByVendor(workspaceId: WorkspaceId) {
    const mean = sql<number>`round(sum(${crawlJobs.responseTimeMsSum})::numeric / sum(${crawlJobs.timedPages}))`;
    return this.db
      .select({
        vendorId: vendors.id,
        vendorName: vendors.name,
        averageMs: mean.mapWith(Number),
        pages: sql<number>`sum(${crawlJobs.timedPages})`.mapWith(Number),
      })
      .from(crawlJobs)
      .innerJoin(vendors, eq(vendors.id, crawlJobs.vendorId))
      .where(and(eq(crawlJobs.workspaceId, workspaceId), gt(crawlJobs.timedPages, 0)))
      .groupBy(vendors.id, vendors.name)
      .orderBy(sql`${mean} desc`);
  }
}

/** A timestamp's UTC calendar day as YYYY-MM-DD. */
const utcDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
