import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SiteFacts } from '@vendorwatch/compliance';
import { LIMITS, type CrawlJobStatus } from '@vendorwatch/contracts';
import type { Database } from '../database';
import { complianceAssessments, crawlFrontier, crawlJobs, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type CrawlJobRow = typeof crawlJobs.$inferSelect;
export type NewCrawlJob = typeof crawlJobs.$inferInsert;

/** A job row with its vendor's name and its compliance report's id (once assessed), as the API lists jobs. */
export type CrawlJobWithVendor = CrawlJobRow & { vendorName: string | null; reportId: string | null };

export interface CrawlJobFilters {
  vendorId?: string;
  status?: CrawlJobStatus;
  from?: Date;
  to?: Date;
}

export interface CrawlProgress {
  pagesDone: number;
  pagesPlanned: number;
  progress: number;
}

const LIVE: CrawlJobStatus[] = ['queued', 'running'];
/** Any constant: the first key of the per-user advisory lock around taking a crawl. */
const USER_RUNNING_LOCK_SPACE = 72_110_945;

/**
 * The crawl job row as the worker moves it through its life. Every write is guarded by the
 * current status, so a terminal row (cancelled by the user, finished by another attempt) stays as it is.
 */
export class CrawlJobsRepository {
  // The polling endpoints' reads, built once: drizzle otherwise rebuilds the SQL on every call
  // (a large share of the API's CPU under polling; see bench/README.md) and PostgreSQL re-plans it.
  private readonly inWorkspaceQuery;
  private readonly activeQuery;

  constructor(private readonly db: Database) {
    const workspaceId = sql.placeholder('workspaceId');
    this.inWorkspaceQuery = this.selectWithVendor()
      .where(and(eq(crawlJobs.id, sql.placeholder('id')), eq(crawlJobs.workspaceId, workspaceId)))
      .prepare('crawl_jobs_find_in_workspace');
    this.activeQuery = this.selectWithVendor()
      .where(and(eq(crawlJobs.workspaceId, workspaceId), inArray(crawlJobs.status, LIVE)))
      .orderBy(desc(crawlJobs.createdAt))
      // Bounded like every list answer: newest first, the rest show as they finish.
      .limit(LIMITS.listWindow.maxLimit)
      .prepare('crawl_jobs_list_active');
  }

  async findById(id: string): Promise<CrawlJobRow | undefined> {
    const [row] = await this.db.select().from(crawlJobs).where(eq(crawlJobs.id, id));
    return row;
  }

  /**
   * markRunning, unless the crawl's user already has `cap` other crawls running: then 'busy' and
   * the row stays as it is. A lock per user makes two workers taking two of one user's crawls at
   * the same moment count each other.
   */
  async markRunningWithinCap(id: string, cap: number): Promise<CrawlJobRow | 'busy' | undefined> {
    return this.db.transaction(async (tx) => {
      const [own] = await tx.select({ userId: crawlJobs.userId }).from(crawlJobs).where(eq(crawlJobs.id, id));
      if (!own) return undefined;
      await tx.execute(sql`select pg_advisory_xact_lock(${USER_RUNNING_LOCK_SPACE}, hashtext(${own.userId}::text))`);
      const [{ running } = { running: 0 }] = await tx
        .select({ running: sql<number>`count(*)::int` })
        .from(crawlJobs)
        .where(and(eq(crawlJobs.userId, own.userId), eq(crawlJobs.status, 'running'), ne(crawlJobs.id, id)));
      if (running >= cap) return 'busy';
      const [row] = await tx
        .update(crawlJobs)
        .set({ status: 'running', startedAt: sql`coalesce(${crawlJobs.startedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(crawlJobs.id, id), inArray(crawlJobs.status, LIVE)))
        .returning();
      return row;
    });
  }

  /** How many crawls the user has queued or running (the new one included): its place in the fair queue. */
  async countLive(userId: string): Promise<number> {
    const [{ live } = { live: 0 }] = await this.db
      .select({ live: sql<number>`count(*)::int` })
      .from(crawlJobs)
      .where(and(eq(crawlJobs.userId, userId), inArray(crawlJobs.status, LIVE)));
    return live;
  }

  /** queued (or running, when resumed) → running; undefined when the row is already terminal. */
  async markRunning(id: string): Promise<CrawlJobRow | undefined> {
    const [row] = await this.db
      .update(crawlJobs)
      .set({ status: 'running', startedAt: sql`coalesce(${crawlJobs.startedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(crawlJobs.id, id), inArray(crawlJobs.status, LIVE)))
      .returning();
    return row;
  }

  /** A host the crawl covers from now on (its start URL redirected there); remembered for resumed runs. */
  async addScopeHost(id: string, host: string): Promise<void> {
    await this.db
      .update(crawlJobs)
      .set({ scopeHosts: sql`array_append(${crawlJobs.scopeHosts}, ${host}::text)` })
      .where(and(eq(crawlJobs.id, id), sql`not (${host}::text = any(${crawlJobs.scopeHosts}))`));
  }

  /**
   * The start URLs the crawl really uses: a start URL on https whose host answers only over plain HTTP
   * is crawled over http (the worker found out), and the assessment reads where the crawl started.
   */
  async useStartUrls(id: string, startUrls: string[]): Promise<void> {
    await this.db
      .update(crawlJobs)
      .set({ settings: sql`jsonb_set(${crawlJobs.settings}, '{startUrls}', ${JSON.stringify(startUrls)}::jsonb)` })
      .where(eq(crawlJobs.id, id));
  }

  /** The start host's facts, read when the crawl began (the compliance checks read them). */
  async saveSiteFacts(id: string, facts: SiteFacts): Promise<void> {
    await this.db.update(crawlJobs).set({ siteFacts: facts }).where(eq(crawlJobs.id, id));
  }

  /**
   * Ends a running job 'completed' — only when none of its frontier rows is pending or in
   * progress, decided in the same statement, so no page it admitted is left behind. Returns false
   * (and changes nothing) when that does not hold or the job already ended.
   */
  async complete(id: string, progress: Partial<CrawlProgress> = {}): Promise<boolean> {
    const rows = await this.db
      .update(crawlJobs)
      .set({ ...progress, status: 'completed', error: null, completedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(crawlJobs.id, id),
          inArray(crawlJobs.status, LIVE),
          sql`not exists (select 1 from ${crawlFrontier} f where f.job_id = ${id}::uuid and f.state in ('pending', 'in_progress'))`,
        ),
      )
      .returning({ id: crawlJobs.id });
    return rows.length > 0;
  }

  /** Ends a live job; returns false when it had already ended. */
  async finish(
    id: string,
    status: Extract<CrawlJobStatus, 'completed' | 'failed' | 'cancelled'>,
    progress: Partial<CrawlProgress> = {},
    error: string | null = null,
  ): Promise<boolean> {
    const rows = await this.db
      .update(crawlJobs)
      .set({ ...progress, status, error, completedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(crawlJobs.id, id), inArray(crawlJobs.status, LIVE)))
      .returning({ id: crawlJobs.id });
    return rows.length > 0;
  }

  /**
   * Withdraws a crawl the queue refused to take, so no failed crawl is left behind a refused start.
   * False when a worker has taken it meanwhile: the queue had it after all.
   */
  async deleteQueued(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(crawlJobs)
      .where(and(eq(crawlJobs.id, id), eq(crawlJobs.status, 'queued')))
      .returning({ id: crawlJobs.id });
    return rows.length > 0;
  }

  // --- For the reconciler, which makes sure every crawl ends or runs. ---

  /**
   * Live crawls the reconciler looks at: every running one, and queued ones older than `queuedBefore`
   * (a younger queued row may be between its insert and its enqueue).
   */
  listLiveForReconcile(queuedBefore: Date): Promise<Pick<CrawlJobRow, 'id' | 'status' | 'resumes' | 'updatedAt'>[]> {
    return this.db
      .select({ id: crawlJobs.id, status: crawlJobs.status, resumes: crawlJobs.resumes, updatedAt: crawlJobs.updatedAt })
      .from(crawlJobs)
      .where(
        and(
          eq(crawlJobs.kind, 'crawl'),
          or(eq(crawlJobs.status, 'running'), and(eq(crawlJobs.status, 'queued'), lt(crawlJobs.createdAt, queuedBefore))),
        ),
      )
      .orderBy(asc(crawlJobs.createdAt));
  }

  /** Counts one more hand-back to the queue of a live job; returns how many there have been, or 0 when it ended meanwhile. */
  async noteResume(id: string): Promise<number> {
    const [row] = await this.db
      .update(crawlJobs)
      .set({ resumes: sql`${crawlJobs.resumes} + 1`, updatedAt: new Date() })
      .where(and(eq(crawlJobs.id, id), inArray(crawlJobs.status, LIVE)))
      .returning({ resumes: crawlJobs.resumes });
    return row?.resumes ?? 0;
  }

  /** Completed crawls' ids after `afterId` (keyset order), for re-assessing every crawl in batches. */
  async completedIds(afterId: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: crawlJobs.id })
      .from(crawlJobs)
      .where(and(eq(crawlJobs.status, 'completed'), eq(crawlJobs.kind, 'crawl'), afterId ? gt(crawlJobs.id, afterId) : undefined))
      .orderBy(asc(crawlJobs.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  // --- Owner-scoped reads and writes for the API: a job of another user is simply not found. ---

  /**
   * Inserts a queued crawl unless the vendor already has one queued or running (a unique partial
   * index decides, so two simultaneous starts cannot both insert). Returns undefined on conflict.
   */
  async createUnlessVendorBusy(values: NewCrawlJob): Promise<CrawlJobRow | undefined> {
    const [row] = await this.db.insert(crawlJobs).values(values).onConflictDoNothing().returning();
    return row;
  }

  async findLiveForVendor(workspaceId: WorkspaceId, vendorId: string): Promise<CrawlJobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(crawlJobs)
      .where(
        and(
          eq(crawlJobs.workspaceId, workspaceId),
          eq(crawlJobs.vendorId, vendorId),
          eq(crawlJobs.kind, 'crawl'),
          inArray(crawlJobs.status, LIVE),
        ),
      );
    return row;
  }

  async find(workspaceId: WorkspaceId, id: string): Promise<CrawlJobWithVendor | undefined> {
    const [row] = await this.inWorkspaceQuery.execute({ workspaceId, id });
    return row && flatten(row);
  }

  async findBySession(workspaceId: WorkspaceId, sessionId: string): Promise<CrawlJobWithVendor | undefined> {
    const [row] = await this.selectWithVendor()
      .where(and(eq(crawlJobs.sessionId, sessionId), eq(crawlJobs.workspaceId, workspaceId)))
      .orderBy(desc(crawlJobs.createdAt))
      .limit(1);
    return row && flatten(row);
  }

  async listActive(workspaceId: WorkspaceId): Promise<CrawlJobWithVendor[]> {
    const rows = await this.activeQuery.execute({ workspaceId });
    return rows.map(flatten);
  }

  async list(
    workspaceId: WorkspaceId,
    filters: CrawlJobFilters,
    page: number,
    limit: number,
  ): Promise<{ rows: CrawlJobWithVendor[]; total: number }> {
    const conditions: SQL[] = [eq(crawlJobs.workspaceId, workspaceId)];
    if (filters.vendorId) conditions.push(eq(crawlJobs.vendorId, filters.vendorId));
    if (filters.status) conditions.push(eq(crawlJobs.status, filters.status));
    if (filters.from) conditions.push(gte(crawlJobs.createdAt, filters.from));
    if (filters.to) conditions.push(lte(crawlJobs.createdAt, filters.to));
    const where = and(...conditions);
    const [rows, [totals]] = await Promise.all([
      this.selectWithVendor()
        .where(where)
        .orderBy(desc(crawlJobs.createdAt), desc(crawlJobs.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(crawlJobs).where(where),
    ]);
    return { rows: rows.map(flatten), total: totals?.total ?? 0 };
  }

  private selectWithVendor() {
    return this.db
      .select({ job: crawlJobs, vendorName: vendors.name, reportId: complianceAssessments.id })
      .from(crawlJobs)
      .leftJoin(vendors, eq(vendors.id, crawlJobs.vendorId))
      .leftJoin(complianceAssessments, eq(complianceAssessments.jobId, crawlJobs.id));
  }
}

const flatten = ({
  job,
  vendorName,
  reportId,
}: {
  job: CrawlJobRow;
  vendorName: string | null;
  reportId: string | null;
}): CrawlJobWithVendor => ({ ...job, vendorName, reportId });
