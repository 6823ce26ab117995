import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlJobs, crawlPages } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type CrawlPageRow = typeof crawlPages.$inferSelect;
export type NewCrawlPage = typeof crawlPages.$inferInsert;

/** What the compliance assessment reads of a page: its facts, never its main text or hashes. */
export type AssessmentPageRow = Pick<
  CrawlPageRow,
  | 'id'
  | 'url'
  | 'finalUrl'
  | 'statusCode'
  | 'contentType'
  | 'error'
  | 'title'
  | 'description'
  | 'responseHeaders'
  | 'setCookies'
  | 'redirectChain'
  | 'links'
  | 'document'
  | 'browser'
  | 'screenshotPath'
>;

const ASSESSMENT_COLUMNS = {
  id: crawlPages.id,
  url: crawlPages.url,
  finalUrl: crawlPages.finalUrl,
  statusCode: crawlPages.statusCode,
  contentType: crawlPages.contentType,
  error: crawlPages.error,
  title: crawlPages.title,
  description: crawlPages.description,
  responseHeaders: crawlPages.responseHeaders,
  setCookies: crawlPages.setCookies,
  redirectChain: crawlPages.redirectChain,
  links: crawlPages.links,
  document: crawlPages.document,
  browser: crawlPages.browser,
  screenshotPath: crawlPages.screenshotPath,
};

export interface CrawlPagesSummary {
  total: number;
  /** Pages a server answered (any status), as opposed to refused or unreachable ones. */
  answered: number;
  firstError: string | null;
}

/** Fetched (or refused) pages of a crawl; written by the frontier together with the URL's state. */
export class CrawlPagesRepository {
  constructor(private readonly db: Database) {}

  async summarize(jobId: string): Promise<CrawlPagesSummary> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        answered: sql<number>`count(*) filter (where ${crawlPages.statusCode} is not null)`.mapWith(Number),
        firstError: sql<
          string | null
        >`(array_agg(${crawlPages.error} order by ${crawlPages.fetchedAt}) filter (where ${crawlPages.error} is not null))[1]`,
      })
      .from(crawlPages)
      .where(eq(crawlPages.jobId, jobId));
    return { total: row?.total ?? 0, answered: row?.answered ?? 0, firstError: row?.firstError ?? null };
  }

  /**
   * Every page of a job in crawl order, as the compliance assessment reads them: `batchSize` at a time
   * (keyset on the fetch time as PostgreSQL prints it, so no microsecond is lost, then the id), and
   * without the main text, the largest column, which no check reads.
   */
  async *assessmentPageBatches(jobId: string, batchSize: number): AsyncGenerator<AssessmentPageRow[]> {
    let after: { fetchedAt: string; id: string } | undefined;
    for (;;) {
      const rows = await this.db
        .select({ ...ASSESSMENT_COLUMNS, cursor: sql<string>`${crawlPages.fetchedAt}::text` })
        .from(crawlPages)
        .where(
          and(
            eq(crawlPages.jobId, jobId),
            after && sql`(${crawlPages.fetchedAt}, ${crawlPages.id}) > (${after.fetchedAt}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(asc(crawlPages.fetchedAt), asc(crawlPages.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows.map(({ cursor: _cursor, ...row }) => row);
      if (rows.length < batchSize) return;
      const last = rows.at(-1)!;
      after = { fetchedAt: last.cursor, id: last.id };
    }
  }

  // --- Workspace-scoped reads for the API. ---

  async listByJob(
    workspaceId: WorkspaceId,
    jobId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: CrawlPageRow[]; total: number }> {
    const where = and(eq(crawlPages.jobId, jobId), eq(crawlPages.workspaceId, workspaceId));
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(crawlPages)
        .where(where)
        .orderBy(asc(crawlPages.fetchedAt), asc(crawlPages.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(crawlPages).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  /** The crawler page's list: the pages of the crawl it started (by session) or follows (by job id), in crawl order. */
  async listBySession(
    workspaceId: WorkspaceId,
    crawl: { sessionId: string } | { jobId: string },
    window: ListWindow = FIRST_WINDOW,
  ): Promise<CrawlPageRow[]> {
    const which = 'sessionId' in crawl ? eq(crawlJobs.sessionId, crawl.sessionId) : eq(crawlJobs.id, crawl.jobId);
    const rows = await this.db
      .select({ page: crawlPages })
      .from(crawlPages)
      .innerJoin(crawlJobs, eq(crawlJobs.id, crawlPages.jobId))
      .where(and(which, eq(crawlJobs.workspaceId, workspaceId), eq(crawlPages.workspaceId, workspaceId)))
      .orderBy(asc(crawlPages.fetchedAt), asc(crawlPages.id))
      .limit(window.limit)
      .offset(window.offset);
    return rows.map((r) => r.page);
  }

  async find(workspaceId: WorkspaceId, jobId: string, pageId: string): Promise<CrawlPageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlPages)
      .where(and(eq(crawlPages.id, pageId), eq(crawlPages.jobId, jobId), eq(crawlPages.workspaceId, workspaceId)));
    return row;
  }
}
