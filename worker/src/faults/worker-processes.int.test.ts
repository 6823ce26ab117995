import type { ChildProcess } from 'node:child_process';
import type { FixtureSite } from '../../../test-support';
import { crawlOwnSite as crawlSite, everyPageOnce, type OwnSiteCrawl } from '../testing/fixture-expectations';
import { pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** Quick stall detection for the test; production keeps its defaults (12 s lock, 8 s check). */
const FAST_STALLS = { lockDurationMs: 3000, stalledIntervalMs: 1500 };
const EXTRA = 6;
const EXPECTED = everyPageOnce(EXTRA);

interface LogLine {
  msg: string;
  jobId?: string;
  job?: string;
}

/** Three worker processes on one queue, as `docker compose up --scale worker=3` runs them. */
describe('three worker processes', () => {
  let harness: WorkerHarness;
  let workers: ChildProcess[];
  const lines: LogLine[] = [];
  const sites: FixtureSite[] = [];

  beforeAll(async () => {
    harness = await startWorkerHarness({ LOG_LEVEL: 'info', WORKER_CONCURRENCY: '1' });
    workers = await Promise.all([1, 2, 3].map(() => harness.spawnWorker(FAST_STALLS)));
    for (const worker of workers) {
      let rest = '';
      worker.stdout!.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString();
        const complete = text.split('\n');
        rest = complete.pop()!;
        for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
      });
    }
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all(sites.map((site) => site.close()));
  });

  const crawlOwnSite = (settings: Record<string, unknown>) => crawlSite(harness, sites, EXTRA, settings);
  /** The worker's name (heartbeats, BullMQ's processedBy) is `<host>-<pid>-<random>`. */
  const pidOf = (workerName: string | undefined) => Number(workerName?.split('-').at(-2));

  it('spread the jobs among them and run none twice; every line a job logs carries its id', async () => {
    const crawls: OwnSiteCrawl[] = [];
    for (let i = 0; i < 9; i++) crawls.push(await crawlOwnSite({ maxPages: 3, crawlDelay: 100 }));
    for (const crawl of crawls) {
      expect(await harness.waitForStatus(crawl.id, ['completed', 'failed', 'cancelled'])).toMatchObject({ status: 'completed' });
      const counts = crawl.site.requestCounts();
      expect(Object.entries(counts).filter(([path, count]) => path !== '/robots.txt' && count !== 1)).toEqual([]);
    }
    const jobs = await Promise.all(crawls.map((crawl) => harness.queue.getJob(crawl.id)));
    expect(jobs.map((job) => job!.attemptsStarted)).toEqual(crawls.map(() => 1));
    const pids = new Set(jobs.map((job) => pidOf(job!.processedBy)));
    expect([...pids].sort()).toEqual(workers.map((worker) => worker.pid).sort());

    for (const crawl of crawls) {
      const about = lines.filter((line) => line.msg.includes(crawl.id));
      expect(about.map((line) => line.msg)).toEqual(expect.arrayContaining([expect.stringMatching(/^Job crawl \S+ started$/)]));
      for (const line of about) expect(line).toMatchObject({ jobId: crawl.id, job: 'crawl' });
    }
  });

  it('one SIGKILLed mid-crawl: its crawl finishes on another, with every page', async () => {
    const crawl = await crawlOwnSite({ crawlDelay: 300 });
    await harness.waitFor(async () => (await harness.job(crawl.id)).pagesDone >= 3, 60_000, 'a crawl under way');
    const holder = pidOf((await harness.queue.getJob(crawl.id))!.processedBy);
    const victim = workers.find((worker) => worker.pid === holder)!;
    expect(victim).toBeDefined();
    victim.kill('SIGKILL');
    await new Promise((resolve) => victim.once('exit', resolve));

    const job = await harness.waitForStatus(crawl.id, ['completed', 'failed', 'cancelled'], 90_000);
    expect(job).toMatchObject({ status: 'completed', error: null, pagesDone: EXPECTED.length });
    expect(pathsOf(await harness.pages(crawl.id))).toEqual(EXPECTED);
    const finisher = pidOf((await harness.queue.getJob(crawl.id))!.processedBy);
    expect(finisher).not.toBe(holder);
    expect(workers.map((worker) => worker.pid)).toContain(finisher);
    // At most the page in flight when the process died is fetched again.
    const counts = crawl.site.requestCounts();
    expect(EXPECTED.filter((path) => counts[path] !== 1).length).toBeLessThanOrEqual(1);
    expect(Math.max(...EXPECTED.map((path) => counts[path] ?? 0))).toBeLessThanOrEqual(2);
  });
});
