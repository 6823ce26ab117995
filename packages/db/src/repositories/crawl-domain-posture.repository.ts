import type { DomainPostureFacts } from '@vendorwatch/compliance';
import { and, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlDomainPosture, crawlJobs, crawlPages } from '../schema';
import type { WorkspaceId } from '../workspace-id';

/**
 * The domain and TLS facts of each crawl: written by the worker after the crawl completed (again
 * if it is gathered again), read by the assessor for the "Email & domain" and "TLS" checks.
 */
export class CrawlDomainPostureRepository {
  constructor(private readonly db: Database) {}

  /** Stores the crawl's facts, replacing what an earlier gathering stored. */
  async save(workspaceId: WorkspaceId, jobId: string, facts: DomainPostureFacts): Promise<void> {
    const values = { facts, dnsQueries: facts.lookups.queries, gatheredAt: new Date() };
    await this.db
      .insert(crawlDomainPosture)
      .values({ jobId, workspaceId, ...values })
      .onConflictDoUpdate({ target: crawlDomainPosture.jobId, set: values });
  }

  /**
   * Failed crawls that ended between `after` and `before` whose facts were never read (their after-crawl
   * steps did not run: a worker died, or the API's reconcile ended them), newest first.
   */
  async failedCrawlsWithoutFacts(after: Date, before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: crawlJobs.id })
      .from(crawlJobs)
      .leftJoin(crawlDomainPosture, eq(crawlDomainPosture.jobId, crawlJobs.id))
      .where(
        and(
          eq(crawlJobs.status, 'failed'),
          eq(crawlJobs.kind, 'crawl'),
          gt(crawlJobs.completedAt, after),
          lt(crawlJobs.completedAt, before),
          isNull(crawlDomainPosture.jobId),
        ),
      )
      .orderBy(desc(crawlJobs.completedAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** The crawl's facts; null when none were gathered (an older crawl, or gathering failed). */
  async findByJobId(jobId: string): Promise<DomainPostureFacts | null> {
    const [row] = await this.db
      .select({ facts: crawlDomainPosture.facts })
      .from(crawlDomainPosture)
      .where(eq(crawlDomainPosture.jobId, jobId));
    return row?.facts ?? null;
  }

  /** The facts of each listed crawl that has them, by job id (the dashboard reads each vendor's latest). */
  async findByJobIds(jobIds: readonly string[]): Promise<Map<string, DomainPostureFacts>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.db
      .select({ jobId: crawlDomainPosture.jobId, facts: crawlDomainPosture.facts })
      .from(crawlDomainPosture)
      .where(inArray(crawlDomainPosture.jobId, [...jobIds]));
    return new Map(rows.map((row) => [row.jobId, row.facts]));
  }

  /**
   * The https origins (scheme, host, port) the crawl's pages requested or landed on, including every
   * hop of their redirects, in crawl order; the caller keeps those on the vendor's domains. A crawl
   * stores at most 1000 pages, so reading their URLs is cheap.
   */
  async httpsOriginsOfCrawl(jobId: string): Promise<string[]> {
    const rows = await this.db
      .select({ url: crawlPages.url, finalUrl: crawlPages.finalUrl, redirectChain: crawlPages.redirectChain })
      .from(crawlPages)
      .where(eq(crawlPages.jobId, jobId));
    const origins = new Set<string>();
    for (const row of rows)
      for (const url of [row.url, row.finalUrl, ...row.redirectChain]) {
        if (!url?.startsWith('https://')) continue;
        try {
          origins.add(new URL(url).origin);
        } catch {
          // A stored URL that does not parse names no origin.
        }
      }
    return [...origins];
  }
}
