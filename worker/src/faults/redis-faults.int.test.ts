import { startRedisServer, type FixtureSite, type RedisServer } from '../../../test-support';
import { crawlOwnSite as crawlSite, everyPageOnce, type OwnSiteCrawl } from '../testing/fixture-expectations';
import { pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const EXTRA = 4;
const EXPECTED = everyPageOnce(EXTRA);
/** BullMQ's default: how long an idle worker's blocking wait for a job lasts before it asks again. */
const DRAIN_DELAY_MS = 5_000;

/**
 * Redis goes away under the workers: restarted, or gone for longer than their blocking wait for
 * jobs. Each test runs its own redis-server with the product's redis.conf (append-only file), so
 * what Redis held survives the restart as it does in production.
 */
describe('Redis faults', () => {
  let redis: RedisServer;
  let harness: WorkerHarness;
  let sites: FixtureSite[] = [];

  beforeEach(async () => {
    redis = await startRedisServer();
    harness = await startWorkerHarness({ REDIS_URL: redis.url, WORKER_CONCURRENCY: '2' });
  });
  afterEach(async () => {
    await harness.close();
    await redis.close();
    await Promise.all(sites.map((site) => site.close()));
    sites = [];
  });

  const crawlOwnSite = (settings: Record<string, unknown>) => crawlSite(harness, sites, EXTRA, settings);

  async function expectCompletedOnce(crawl: OwnSiteCrawl) {
    const job = await harness.waitForStatus(crawl.id, ['completed', 'failed', 'cancelled'], 120_000);
    expect(job).toMatchObject({ status: 'completed', error: null, pagesDone: EXPECTED.length });
    expect(pathsOf(await harness.pages(crawl.id))).toEqual(EXPECTED);
    const counts = crawl.site.requestCounts();
    for (const path of EXPECTED) expect([path, counts[path]]).toEqual([path, 1]);
  }

  it('a Redis restart while crawls wait and run: no job lost, each crawl completes exactly once', async () => {
    await harness.startWorker();
    const crawls: OwnSiteCrawl[] = [];
    for (let i = 0; i < 6; i++) crawls.push(await crawlOwnSite({ crawlDelay: 150 }));
    // Two running (concurrency 2), four waiting, some pages stored.
    await harness.waitFor(
      async () => {
        const rows = await Promise.all(crawls.map((crawl) => harness.job(crawl.id)));
        return rows.filter((row) => row.status === 'running' && row.pagesDone > 0).length === 2;
      },
      60_000,
      'two crawls under way',
    );
    // Crawl jobs wait prioritised by their user's load (fair use).
    expect(await harness.queue.getJobCountByTypes('waiting', 'prioritized')).toBe(4);

    await redis.stop('SIGKILL');
    await redis.start();

    for (const crawl of crawls) await expectCompletedOnce(crawl);
    const jobs = await Promise.all(crawls.map((crawl) => harness.waitForJobFinished(crawl.id)));
    expect(jobs.map((job) => job!.attemptsMade)).toEqual(crawls.map(() => 1));
  });

  it('a Redis outage longer than the workers’ wait for jobs: they resume by themselves', async () => {
    await harness.startWorker();
    const running = await crawlOwnSite({ crawlDelay: 600 });
    await harness.waitFor(async () => (await harness.job(running.id)).pagesDone >= 2, 60_000, 'a crawl under way');
    const queued = await crawlOwnSite({ crawlDelay: 0 });

    await redis.stop('SIGKILL');
    const down = Date.now();
    // The outage is the fault under test: it lasts well past the blocking wait of an idle worker.
    await harness.waitFor(async () => Date.now() - down > 2 * DRAIN_DELAY_MS, 30_000, 'the outage to last');
    await redis.start();

    const running_ = await harness.waitForStatus(running.id, ['completed', 'failed', 'cancelled'], 120_000);
    expect(running_).toMatchObject({ status: 'completed', pagesDone: EXPECTED.length });
    expect(pathsOf(await harness.pages(running.id))).toEqual(EXPECTED);
    await expectCompletedOnce(queued);
    // A crawl enqueued after the outage is taken too: the workers are back to waiting for jobs.
    const later = await crawlOwnSite({ crawlDelay: 0 });
    await expectCompletedOnce(later);
  });
});
