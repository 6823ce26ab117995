import type { ComplianceLabel, CrawlMethod, FindingChange, PageChangeKind } from '@vendorwatch/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, crawlChanges, crawlJobs, crawlPageChanges, crawlPages } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type CrawlChangeRow = typeof crawlChanges.$inferSelect;
export type CrawlPageChangeRow = typeof crawlPageChanges.$inferSelect;
export type NewCrawlPageChange = Omit<typeof crawlPageChanges.$inferInsert, 'id' | 'changeId'>;

export interface SaveCrawlChangeInput {
  jobId: string;
  previousJobId: string | null;
  workspaceId: WorkspaceId;
  userId: string;
  vendorId: string | null;
  pagesBefore: number;
  pagesAfter: number;
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  changedPercent: number;
  policyPagesChanged: number;
  findingsNew: FindingChange[];
  findingsResolved: FindingChange[];
  findingsNotComparable: FindingChange[];
  methodBefore: CrawlMethod | null;
  methodAfter: CrawlMethod;
  rateBefore: number | null;
  rateAfter: number | null;
  labelBefore: ComplianceLabel | null;
  labelAfter: ComplianceLabel | null;
  pages: NewCrawlPageChange[];
}

/** What a comparison reads of one stored page: never its main text unless asked. */
export interface ComparedPage {
  id: string;
  url: string;
  finalUrl: string | null;
  title: string | null;
  statusCode: number | null;
  error: string | null;
  contentHash: string | null;
  mainTextHash: string | null;
  mainText?: string | null;
  policyLinks: { privacy: string[]; terms: string[]; cookies: string[] } | null;
}

export interface TimelineRow {
  job: typeof crawlJobs.$inferSelect;
  rate: number | null;
  label: ComplianceLabel | null;
  change: CrawlChangeRow | null;
}

const INSERT_CHUNK = 1000;

/** Change detection's comparisons: written by the worker, read owner-scoped by the API. */
export class CrawlChangesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores a crawl's comparison, or replaces its earlier one in one transaction: the summary keeps
   * its id and each page change keeps its id (matched by URL), so links to a diff stay valid and
   * comparing again gives the same rows.
   */
  async save(input: SaveCrawlChangeInput): Promise<{ id: string }> {
    const { pages, jobId, ...values } = input;
    const set = { ...values, comparedAt: new Date() };
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(crawlChanges)
        .values({ jobId, ...set })
        .onConflictDoUpdate({ target: crawlChanges.jobId, set })
        .returning({ id: crawlChanges.id });
      const id = row!.id;
      const urls = pages.map((page) => page.url);
      await tx.delete(crawlPageChanges).where(and(eq(crawlPageChanges.changeId, id), notInArray(crawlPageChanges.url, urls)));
      for (let start = 0; start < pages.length; start += INSERT_CHUNK) {
        await tx
          .insert(crawlPageChanges)
          .values(pages.slice(start, start + INSERT_CHUNK).map((page) => ({ ...page, changeId: id })))
          .onConflictDoUpdate({
            target: [crawlPageChanges.changeId, crawlPageChanges.url],
            set: {
              kind: sql`excluded.kind`,
              policyKind: sql`excluded.policy_kind`,
              titleBefore: sql`excluded.title_before`,
              titleAfter: sql`excluded.title_after`,
              pageBeforeId: sql`excluded.page_before_id`,
              pageAfterId: sql`excluded.page_after_id`,
            },
          });
      }
      return { id };
    });
  }

  async findByJob(jobId: string): Promise<CrawlChangeRow | undefined> {
    const [row] = await this.db.select().from(crawlChanges).where(eq(crawlChanges.jobId, jobId));
    return row;
  }

  /** The same vendor's completed crawl that completed last before this one. */
  async previousCompleted(job: {
    id: string;
    workspaceId: WorkspaceId;
    vendorId: string;
    completedAt: Date;
  }): Promise<string | null> {
    const [row] = await this.db
      .select({ id: crawlJobs.id })
      .from(crawlJobs)
      .where(
        and(
          eq(crawlJobs.vendorId, job.vendorId),
          eq(crawlJobs.workspaceId, job.workspaceId),
          eq(crawlJobs.kind, 'crawl'),
          eq(crawlJobs.status, 'completed'),
          lt(crawlJobs.completedAt, job.completedAt),
        ),
      )
      .orderBy(desc(crawlJobs.completedAt), desc(crawlJobs.id))
      .limit(1);
    return row?.id ?? null;
  }

  /** A crawl's pages as a comparison reads them; the main texts only when ignored text patterns need them. */
  async comparedPages(jobId: string, withText: boolean): Promise<ComparedPage[]> {
    const rows = await this.db
      .select({
        id: crawlPages.id,
        url: crawlPages.url,
        finalUrl: crawlPages.finalUrl,
        title: crawlPages.title,
        statusCode: crawlPages.statusCode,
        error: crawlPages.error,
        contentHash: crawlPages.contentHash,
        mainTextHash: crawlPages.mainTextHash,
        mainText: withText ? crawlPages.mainText : sql<null>`null`,
        policyLinks: sql<ComparedPage['policyLinks']>`${crawlPages.document} -> 'policyLinks'`,
      })
      .from(crawlPages)
      .where(eq(crawlPages.jobId, jobId));
    return rows;
  }

  /** Main texts of pages (for a diff), by id. */
  async mainTexts(pageIds: string[]): Promise<Map<string, string>> {
    if (pageIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: crawlPages.id, mainText: crawlPages.mainText })
      .from(crawlPages)
      .where(inArray(crawlPages.id, pageIds));
    return new Map(rows.map((row) => [row.id, row.mainText ?? '']));
  }

  /** Assessment facts the summary records: rate, label and the checks' outcomes. */
  async assessmentOf(jobId: string) {
    const [row] = await this.db
      .select({ id: complianceAssessments.id, rate: complianceAssessments.rate, label: complianceAssessments.label })
      .from(complianceAssessments)
      .where(eq(complianceAssessments.jobId, jobId));
    return row;
  }

  /** Completed crawls of a vendor that have an assessment but no comparison yet (a worker died in between). */
  async completedJobsWithoutComparison(limit: number, completedAfter: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: crawlJobs.id })
      .from(crawlJobs)
      .innerJoin(complianceAssessments, eq(complianceAssessments.jobId, crawlJobs.id))
      .leftJoin(crawlChanges, eq(crawlChanges.jobId, crawlJobs.id))
      .where(
        and(
          eq(crawlJobs.status, 'completed'),
          eq(crawlJobs.kind, 'crawl'),
          gt(crawlJobs.completedAt, completedAfter),
          isNull(crawlChanges.id),
          sql`${crawlJobs.vendorId} is not null`,
        ),
      )
      .orderBy(asc(crawlJobs.completedAt), asc(crawlJobs.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  // --- Workspace-scoped reads for the API. ---

  async findInWorkspaceByJob(workspaceId: WorkspaceId, jobId: string): Promise<CrawlChangeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlChanges)
      .where(and(eq(crawlChanges.jobId, jobId), eq(crawlChanges.workspaceId, workspaceId)));
    return row;
  }

  /** Policy pages first, then by URL. */
  async listPageChanges(
    changeId: string,
    kind: PageChangeKind | undefined,
    page: number,
    limit: number,
  ): Promise<{ rows: CrawlPageChangeRow[]; total: number }> {
    const where = and(eq(crawlPageChanges.changeId, changeId), kind ? eq(crawlPageChanges.kind, kind) : undefined);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(crawlPageChanges)
        .where(where)
        .orderBy(sql`${crawlPageChanges.policyKind} is null`, asc(crawlPageChanges.url))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(crawlPageChanges).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }

  async findPageChange(changeId: string, pageChangeId: string): Promise<CrawlPageChangeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlPageChanges)
      .where(and(eq(crawlPageChanges.id, pageChangeId), eq(crawlPageChanges.changeId, changeId)));
    return row;
  }

  /** A vendor's crawls newest first, with each one's assessment and comparison when it has them. */
  async timeline(
    workspaceId: WorkspaceId,
    vendorId: string,
    page: number,
    limit: number,
  ): Promise<{ rows: TimelineRow[]; total: number }> {
    const where = and(eq(crawlJobs.workspaceId, workspaceId), eq(crawlJobs.vendorId, vendorId), eq(crawlJobs.kind, 'crawl'));
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ job: crawlJobs, rate: complianceAssessments.rate, label: complianceAssessments.label, change: crawlChanges })
        .from(crawlJobs)
        .leftJoin(complianceAssessments, eq(complianceAssessments.jobId, crawlJobs.id))
        .leftJoin(crawlChanges, eq(crawlChanges.jobId, crawlJobs.id))
        .where(where)
        .orderBy(desc(crawlJobs.createdAt), desc(crawlJobs.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(crawlJobs).where(where),
    ]);
    return { rows, total: totals?.total ?? 0 };
  }
}
