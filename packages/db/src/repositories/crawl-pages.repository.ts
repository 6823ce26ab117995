import { FIRST_WINDOW, type ListWindow } from '@vendorwatch/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { crawlJobs, crawlPages } from '../schema';
import { jsonParam } from '../statements';
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

/** The columns a stored page writes, in parameter order from $2 ($1 is the job); an answer again replaces them all. */
const PAGE_COLUMNS = [
  'workspace_id',
  'user_id',
  'vendor_id',
  'url',
  'final_url',
  'status_code',
  'content_type',
  'title',
  'description',
  'response_time_ms',
  'content_hash',
  'content_length',
  'links_count',
  'response_headers',
  'set_cookies',
  'redirect_chain',
  'links',
  'document',
  'browser',
  'screenshot_path',
  'main_text',
  'main_text_hash',
  'error',
] as const;
type PageColumn = (typeof PAGE_COLUMNS)[number];
const PAGE_CASTS: Partial<Record<PageColumn, string>> = {
  workspace_id: 'uuid',
  user_id: 'uuid',
  vendor_id: 'uuid',
  status_code: 'int',
  response_time_ms: 'int',
  content_length: 'int',
  links_count: 'int',
  response_headers: 'jsonb',
  set_cookies: 'jsonb',
  redirect_chain: 'jsonb',
  links: 'jsonb',
  document: 'jsonb',
  browser: 'jsonb',
};

/**
 * How a crawled page is written. A page is stored in the same statement that finishes its URL in the
 * frontier (CrawlFrontierRepository.recordPage): the page and its frontier row commit together or not
 * at all, in one round trip of one prepared statement, so a resumed crawl never fetches a stored page
 * again nor misses one it marked done. That statement embeds `sql` as one of its data-modifying CTEs
 * and passes `values()` after the job; what a page row holds and how it is written stay here.
 */
export const CRAWL_PAGE_WRITE = {
  /** Inserts the page ($1 the job, its columns from $2), or replaces every column of an earlier answer for its URL. */
  sql: `insert into crawl_pages (job_id, ${PAGE_COLUMNS.join(', ')})
    values ($1::uuid, ${PAGE_COLUMNS.map((column, i) => `$${i + 2}${PAGE_CASTS[column] ? `::${PAGE_CASTS[column]}` : ''}`).join(', ')})
    on conflict (job_id, url) do update set ${PAGE_COLUMNS.filter((column) => column !== 'url')
      .map((column) => `${column} = excluded.${column}`)
      .join(', ')}, fetched_at = now()`,
  /** `$n` of one of the page's columns. */
  param: (column: PageColumn): string => `$${PAGE_COLUMNS.indexOf(column) + 2}`,
  /** The parameters the page takes, the job's included: the embedding statement's own come after them. */
  params: PAGE_COLUMNS.length + 1,
  /** The page's values in parameter order (after the job); `url` is its key in the frontier. */
  values: (url: string, page: NewCrawlPage): unknown[] => [
    page.workspaceId,
    page.userId,
    page.vendorId ?? null,
    url,
    page.finalUrl ?? null,
    page.statusCode ?? null,
    page.contentType ?? null,
    page.title ?? null,
    page.description ?? null,
    page.responseTimeMs ?? null,
    page.contentHash ?? null,
    page.contentLength ?? null,
    page.linksCount ?? 0,
    jsonParam(page.responseHeaders ?? {}),
    jsonParam(page.setCookies ?? []),
    jsonParam(page.redirectChain ?? []),
    jsonParam(page.links ?? []),
    jsonParam(page.document),
    jsonParam(page.browser),
    page.screenshotPath ?? null,
    page.mainText ?? null,
    page.mainTextHash ?? null,
    page.error ?? null,
  ],
};

export interface CrawlPagesSummary {
  total: number;
  /** Pages a server answered (any status), as opposed to refused or unreachable ones. */
  answered: number;
  firstError: string | null;
}

/** Fetched (or refused) pages of a crawl; written (CRAWL_PAGE_WRITE) in the frontier's statement that finishes the page's URL. */
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
