import { and, avg, count, countDistinct, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlJobs, crawlPages, vendors } from '../schema';

export interface DashboardFigures {
  totalVendors: number;
  crawledVendors: number;
  totalCrawls: number;
  completedCrawls: number;
  averageResponseTime: number | null;
  totalPages: number;
}

/**
 * The dashboard's figures, each one query over one index of the caller's rows (see
 * dashboard.repository.test.ts for the plans on 100 000 pages).
 */
export class DashboardRepository {
  constructor(private readonly db: Database) {}

  async figures(userId: string): Promise<DashboardFigures> {
    const queries = this.figureQueries(userId);
    const [[vendorCount], [jobs], [crawled], [pages]] = await Promise.all([
      queries.vendors,
      queries.crawls,
      queries.crawledVendors,
      queries.pages,
    ]);
    return {
      totalVendors: vendorCount?.total ?? 0,
      crawledVendors: crawled?.vendors ?? 0,
      totalCrawls: jobs?.total ?? 0,
      completedCrawls: jobs?.completed ?? 0,
      averageResponseTime: pages?.mean === null || pages?.mean === undefined ? null : Math.round(Number(pages.mean)),
      totalPages: pages?.total ?? 0,
    };
  }

  /** One query per figure; public so their plans can be checked (dashboard.repository.test.ts). */
  figureQueries(userId: string) {
    return {
      vendors: this.db.select({ total: count() }).from(vendors).where(eq(vendors.userId, userId)),
      crawls: this.db
        .select({
          total: count(),
          completed: sql<number>`count(*) filter (where ${crawlJobs.status} = 'completed')`.mapWith(Number),
        })
        .from(crawlJobs)
        .where(and(eq(crawlJobs.userId, userId), eq(crawlJobs.kind, 'crawl'))),
      crawledVendors: this.db
        .select({ vendors: countDistinct(crawlJobs.vendorId) })
        .from(crawlJobs)
        .where(and(eq(crawlJobs.userId, userId), eq(crawlJobs.kind, 'crawl'), eq(crawlJobs.status, 'completed'))),
      pages: this.db
        .select({ total: count(), mean: avg(crawlPages.responseTimeMs) })
        .from(crawlPages)
        .where(and(eq(crawlPages.userId, userId), isNotNull(crawlPages.statusCode))),
    };
  }

  /** Crawls by outcome per UTC day since `since`. */
  crawlsByDay(userId: string, since: Date) {
    const day = utcDay(crawlJobs.createdAt);
    return this.db
      .select({ day, status: crawlJobs.status, crawls: count() })
      .from(crawlJobs)
      .where(and(eq(crawlJobs.userId, userId), eq(crawlJobs.kind, 'crawl'), gte(crawlJobs.createdAt, since)))
      .groupBy(day, crawlJobs.status);
  }

  /** Answered pages per UTC day since `since`. */
  pagesByDay(userId: string, since: Date) {
    const day = utcDay(crawlPages.fetchedAt);
    return this.db
      .select({ day, pages: count() })
      .from(crawlPages)
      .where(and(eq(crawlPages.userId, userId), gte(crawlPages.fetchedAt, since), isNotNull(crawlPages.statusCode)))
      .groupBy(day);
  }

  /** Mean response time of each vendor's answered pages, slowest first. */
  responseTimeByVendor(userId: string) {
    const mean = sql<number>`round(avg(${crawlPages.responseTimeMs}))`.mapWith(Number);
    return this.db
      .select({ vendorId: vendors.id, vendorName: vendors.name, averageMs: mean, pages: count() })
      .from(crawlPages)
      .innerJoin(vendors, eq(vendors.id, crawlPages.vendorId))
      .where(and(eq(crawlPages.userId, userId), isNotNull(crawlPages.statusCode), isNotNull(crawlPages.responseTimeMs)))
      .groupBy(vendors.id, vendors.name)
      .orderBy(sql`avg(${crawlPages.responseTimeMs}) desc`);
  }
}

/** A timestamp's UTC calendar day as YYYY-MM-DD. */
const utcDay = (column: typeof crawlJobs.createdAt | typeof crawlPages.fetchedAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
