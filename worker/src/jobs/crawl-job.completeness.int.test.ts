import { CrawlJobsRepository } from '@vendorwatch/db';
import { bullConnection, JOBS, reconcileCrawls } from '@vendorwatch/runtime';
import { Worker } from 'bullmq';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { FIXTURE_CRAWLABLE_PATHS, startFixtureSite, startTcpProxy, type FixtureSite } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** Every page once, nothing flaky: a crawl of the fixture site that can be compared page for page. */
const ONCE = { ...FIXTURE_SCOPE, excludePatterns: ['/drafts/**', '/broken', '/flaky'], crawlDelay: 50 };
const EXTRA = 30;
/** Pages one crawl can have between fetch and stored: the one being written, the one claimed and fetched next. */
const IN_FLIGHT = 2;
const EXPECTED = [
  ...FIXTURE_CRAWLABLE_PATHS.filter((p) => p !== '/broken' && p !== '/flaky'),
  ...Array.from({ length: EXTRA }, (_, i) => `/extra/${i + 1}`),
].sort();

/**
 * No page left behind: a crawl completes only with every page its frontier admitted, whatever plan
 * PostgreSQL picks, whatever happens to the database connection, and a crawl whose job was never
 * enqueued (or failed for good) does not stay live and block its vendor.
 */
describe('every page, every crawl', () => {
  // Each test waits for a whole crawl (bounded at 120 s) after its own waits: room for a busy CI machine.
  jest.setTimeout(300_000);
  let harness: WorkerHarness;
  let site: FixtureSite;
  const jobs = () => new CrawlJobsRepository(harness.database.db);

  beforeEach(async () => {
    harness = await startWorkerHarness();
    site = await startFixtureSite({ extraPages: EXTRA, flakyFailures: 0 });
  });
  afterEach(async () => {
    await harness.close();
    await site.close();
  });

  /**
   * `refetchAllowance`: when the database goes away mid-crawl, a page whose answer was fetched but
   * could not be stored (its write in flight, or its claim lost with the connection) is fetched
   * again after the crawl resumes — at most the pages in flight at that moment, each once more.
   */
  async function expectWholeCrawl(id: string, refetchAllowance = 0) {
    const job = await harness.waitForStatus(id, ['completed', 'failed', 'cancelled'], 120_000);
    expect(job).toMatchObject({ status: 'completed', error: null });
    expect(pathsOf(await harness.pages(id))).toEqual(EXPECTED);
    expect((await harness.frontier(id)).filter((row) => row.state === 'pending' || row.state === 'in_progress')).toEqual([]);
    const counts = site.requestCounts();
    for (const path of EXPECTED) expect([path, counts[path]! >= 1 && counts[path]! <= 2]).toEqual([path, true]);
    expect(EXPECTED.filter((path) => counts[path] === 2).length).toBeLessThanOrEqual(refetchAllowance);
    expect(job).toMatchObject({ pagesDone: EXPECTED.length, pagesPlanned: EXPECTED.length, progress: 100 });
  }

  it('stores every page under a plan that rescans the claim subquery (generic plans, no hash or merge joins)', async () => {
    const name = new URL(harness.database.url!).pathname.slice(1);
    await harness.database.db.execute(
      sql.raw(
        [
          `alter database "${name}" set plan_cache_mode = force_generic_plan`,
          `alter database "${name}" set enable_hashjoin = off`,
          `alter database "${name}" set enable_mergejoin = off`,
          `alter database "${name}" set enable_hashagg = off`,
          `alter database "${name}" set enable_material = off`,
          `alter database "${name}" set enable_sort = off`,
        ].join('; '),
      ),
    );
    await harness.database.db.execute(sql`analyze`);
    // New connections (the worker's) get the settings.
    await harness.startWorker();
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: { ...ONCE, crawlDelay: 0 } });
    await expectWholeCrawl(id);
  });

  it('waits out a database outage mid-crawl and resumes: the crawl completes with every page, each fetched once (those in flight at the cut at most twice)', async () => {
    const proxy = await startTcpProxy(Number(new URL(harness.database.url!).port));
    try {
      await harness.startWorker({}, { DATABASE_URL: proxy.urlFor(harness.database.url!) });
      const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: ONCE });
      await harness.waitFor(async () => (await harness.pages(id)).length >= 5, 60_000, 'five pages stored');
      proxy.cut();
      // The worker noticed and keeps trying to reach the database.
      await harness.waitFor(async () => proxy.refused >= 3, 60_000, 'the worker to retry the database');
      expect((await harness.job(id)).status).toBe('running');
      proxy.restore();
      await expectWholeCrawl(id, IN_FLIGHT);
      // The row completes before the job returns (assessment, comparison, alerts follow): let it
      // finish while the database is reachable, or closing the proxy strands it mid-write.
      await harness.waitForJobFinished(id);
    } finally {
      await proxy.close();
    }
  });

  it('survives its database connections being terminated mid-crawl', async () => {
    await harness.startWorker();
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: ONCE });
    await harness.waitFor(async () => (await harness.pages(id)).length >= 5, 60_000, 'five pages stored');
    const admin = new Client({ connectionString: harness.database.url });
    await admin.connect();
    try {
      // The worker's connections only: the harness's own pool polls the rows this test asserts on.
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'vendorwatch-worker'",
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await expectWholeCrawl(id, IN_FLIGHT);
  });

  it('runs a crawl whose row was inserted but never enqueued (a crash in between), when a worker starts', async () => {
    const id = await harness.insertCrawl({
      method: 'http',
      targetUrl: `${site.url}/`,
      settings: ONCE,
      createdAt: new Date(Date.now() - 60_000),
    });
    expect(await harness.queue.getJob(id)).toBeUndefined();
    await harness.startWorker();
    await expectWholeCrawl(id);
  });

  it('ends a crawl whose job failed for good, with its reason, so its vendor can be crawled again', async () => {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const id = await harness.insertCrawl({ method: 'http', targetUrl: `${site.url}/`, userId, vendorId });
    // A job that fails on its one attempt without touching the row: what a run of outages leaves behind.
    const failing = new Worker(
      JOBS.crawl.queue,
      async () => {
        throw new Error('Connection terminated unexpectedly');
      },
      { connection: bullConnection({ REDIS_URL: 'redis://127.0.0.1:6379' }), prefix: harness.config.QUEUE_PREFIX },
    );
    try {
      await harness.queue.add(JOBS.crawl.name, { crawlJobId: id }, { jobId: id, attempts: 1 });
      await harness.waitFor(
        async () => (await (await harness.queue.getJob(id))?.getState()) === 'failed',
        30_000,
        'the job to fail',
      );
    } finally {
      await failing.close();
    }
    expect((await harness.job(id)).status).toBe('queued');

    expect(await reconcileCrawls(harness.queues, jobs(), new Date(Date.now() + 60_000))).toMatchObject({ failed: 1 });
    expect(await harness.job(id)).toMatchObject({ status: 'failed', error: 'Connection terminated unexpectedly' });
    const again = await jobs().createUnlessVendorBusy({
      workspaceId,
      userId,
      vendorId,
      method: 'http',
      targetUrl: `${site.url}/`,
    });
    expect(again).toBeDefined();
  });

  it('resumes a running crawl whose job went missing', async () => {
    const worker = await harness.spawnWorker({ lockDurationMs: 3000, stalledIntervalMs: 60_000 });
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: { ...ONCE, crawlDelay: 150 } });
    await harness.waitFor(async () => (await harness.pages(id)).length >= 3, 60_000, 'three pages stored');
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    // Its lock lapses; then the job disappears (a Redis that lost its data, an operator's flush).
    const lock = `${harness.config.QUEUE_PREFIX}:${JOBS.crawl.queue}:${id}:lock`;
    await harness.waitFor(async () => (await harness.redis.exists(lock)) === 0, 30_000, 'the lock to lapse');
    await (await harness.queue.getJob(id))!.remove();
    expect((await harness.job(id)).status).toBe('running');

    expect(await reconcileCrawls(harness.queues, jobs())).toMatchObject({ resumed: 1 });
    await harness.startWorker();
    // The worker was killed mid-crawl: a page it had fetched but not yet stored is fetched again.
    await expectWholeCrawl(id, IN_FLIGHT);
  });
});
