import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../database';
import { crawlFrontier, crawlJobs, users } from '../schema';
import { rowsOf } from '../statements';
import { createTestDatabase, personalWorkspaceOf, type TestDatabase } from '../testing';
import type { WorkspaceId } from '../workspace-id';
import { CrawlFrontierRepository, progressPercent } from './crawl-frontier.repository';

/**
 * Planner settings under which PostgreSQL rescans an `IN (SELECT … LIMIT 1 FOR UPDATE SKIP LOCKED)`
 * subquery once per outer row (a nested-loop semi join), as it did with a generic plan after
 * ANALYZE on a small frontier: each rescan locked the next row, and one claim took several.
 */
const RESCANNING_PLAN = [
  'set plan_cache_mode = force_generic_plan',
  'set enable_hashjoin = off',
  'set enable_mergejoin = off',
  'set enable_hashagg = off',
  'set enable_material = off',
  'set enable_sort = off',
];

describe('frontier claim under a plan that rescans its subquery', () => {
  let database: TestDatabase;
  let oneConnection: DatabaseHandle;
  let jobId: string;
  let userId: string;
  let workspaceId: WorkspaceId;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Session settings hold for one connection: the statements under test all run on this one.
    oneConnection = await openDatabase({ url: database.url, poolSize: 1 });
    const [user] = await database.db.insert(users).values({ email: 'claim@example.com', encryptedPassword: 'x' }).returning();
    workspaceId = await personalWorkspaceOf(database.db, user!.id);
    const [job] = await database.db
      .insert(crawlJobs)
      .values({ workspaceId, userId: user!.id, method: 'http', targetUrl: 'https://v.test/' })
      .returning();
    jobId = job!.id;
    userId = user!.id;
    for (const setting of RESCANNING_PLAN) await oneConnection.db.execute(sql.raw(setting));
  });
  afterAll(async () => {
    await oneConnection.close();
    await database.drop();
  });

  async function freshFrontier(pages: number): Promise<void> {
    await database.db.delete(crawlFrontier).where(eq(crawlFrontier.jobId, jobId));
    await database.db
      .insert(crawlFrontier)
      .values(Array.from({ length: pages }, (_, i) => ({ jobId, url: `https://v.test/${i + 1}` })));
    await database.db.execute(sql`analyze crawl_frontier`);
  }

  it('reproduces the hazard: the former IN (SELECT … LIMIT 1) statement claims many rows at once', async () => {
    await freshFrontier(44);
    const db = oneConnection.db;
    const due = db
      .select({ url: crawlFrontier.url })
      .from(crawlFrontier)
      .where(
        and(
          eq(crawlFrontier.jobId, sql.placeholder('jobId')),
          sql`${crawlFrontier.state} = 'pending'`,
          or(isNull(crawlFrontier.notBefore), lte(crawlFrontier.notBefore, sql`now()`)),
        ),
      )
      .orderBy(asc(crawlFrontier.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    const formerClaim = db
      .update(crawlFrontier)
      .set({ state: 'in_progress', attempts: sql`${crawlFrontier.attempts} + 1` })
      .where(and(eq(crawlFrontier.jobId, sql.placeholder('jobId')), inArray(crawlFrontier.url, due)))
      .returning()
      .prepare('former_claim_next');
    // If this stops reproducing, the test below proves nothing: find settings that do.
    expect((await formerClaim.execute({ jobId })).length).toBeGreaterThan(1);
  });

  it('claimNext takes exactly one row per call under the same plan, every row once', async () => {
    await freshFrontier(44);
    const frontier = new CrawlFrontierRepository(oneConnection.db);
    const claimed: string[] = [];
    for (let i = 0; i < 44; i++) {
      const row = await frontier.claimNext(jobId);
      claimed.push(row!.url);
      expect(await frontier.counts(jobId)).toMatchObject({ inProgress: i + 1, pending: 43 - i });
    }
    expect(new Set(claimed).size).toBe(44);
    expect(await frontier.claimNext(jobId)).toBeUndefined();
  });

  it('claims through the partial index of pending rows, under a generic plan too', async () => {
    await freshFrontier(44);
    const connection = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      // A generic plan cannot match a bound parameter to the index's predicate (state = 'pending'): the claim says it as a literal.
      await connection.db.execute(sql`set plan_cache_mode = force_generic_plan`);
      await connection.db.execute(sql`set enable_seqscan = off`);
      await new CrawlFrontierRepository(connection.db).claimNext(jobId);
      // The prepared statement's one parameter: the job.
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await connection.db.execute(sql.raw(`explain execute crawl_frontier_claim_next('${jobId}')`)),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('crawl_frontier_pending_seq_idx');
    } finally {
      await connection.close();
    }
  });

  it('commits a claim and a stored page without waiting for the disk, and only those transactions', async () => {
    await freshFrontier(2);
    const db = oneConnection.db;
    const frontier = new CrawlFrontierRepository(db);
    const synchronousCommit = async () =>
      rowsOf<{ synchronous_commit: string }>(await db.execute(sql`show synchronous_commit`))[0]!.synchronous_commit;
    // Each statement runs in a transaction opened here, so the setting it leaves for its commit can be read.
    await db.execute(sql`begin`);
    const row = await frontier.claimNext(jobId);
    expect(await synchronousCommit()).toBe('off');
    await db.execute(sql`commit`);
    expect(await synchronousCommit()).toBe('on');

    await db.execute(sql`begin`);
    await frontier.recordPage(jobId, row!.url, {
      page: { jobId, workspaceId, userId, vendorId: null, url: row!.url, statusCode: 200, mainText: 'Hello' },
      state: 'done',
      redirectedFrom: [],
      discovered: [],
      skipped: [],
      maxPages: 10,
      credits: 0,
    });
    expect(await synchronousCommit()).toBe('off');
    await db.execute(sql`commit`);
    expect(await synchronousCommit()).toBe('on');
    expect(await frontier.counts(jobId)).toMatchObject({ done: 1, pending: 1, inProgress: 0 });
  });

  it('counts the frontier and writes them to the running job in one statement, never to an ended one', async () => {
    await freshFrontier(3);
    const frontier = new CrawlFrontierRepository(database.db);
    const job = async () => (await database.db.select().from(crawlJobs).where(eq(crawlJobs.id, jobId)))[0]!;
    await database.db.update(crawlJobs).set({ status: 'running' }).where(eq(crawlJobs.id, jobId));
    await database.db.update(crawlFrontier).set({ state: 'done' }).where(eq(crawlFrontier.url, 'https://v.test/1'));
    const counts = await frontier.writeProgress(jobId);
    expect(counts).toEqual({ planned: 3, done: 1, redirected: 0, pending: 2, inProgress: 0 });
    expect(counts).toEqual(await frontier.counts(jobId));
    // 1 of 3: 33 %, whole percents rounded down, as progressPercent says.
    expect(await job()).toMatchObject({ pagesDone: 1, pagesPlanned: 3, progress: progressPercent(counts) });
    expect(progressPercent(counts)).toBe(33);

    await database.db.update(crawlJobs).set({ status: 'completed', progress: 100 }).where(eq(crawlJobs.id, jobId));
    await database.db.update(crawlFrontier).set({ state: 'done' }).where(eq(crawlFrontier.jobId, jobId));
    expect(await frontier.writeProgress(jobId)).toMatchObject({ planned: 3, done: 3 });
    expect(await job()).toMatchObject({ status: 'completed', pagesDone: 1, progress: 100 });
  });
});
