import { readWorkerHeartbeats, type WorkerHeartbeat } from '@vendorwatch/runtime';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import type { LoadSignal } from '../queue/autoscaling/load-signals';
import { WorkerAutoscaler } from '../queue/autoscaling/worker-autoscaler.service';
import { expectNoOverlap } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** A load signal the test turns: overloaded or not, whatever the machine is doing. */
class Dial implements LoadSignal {
  readonly name = 'dial';
  overloaded = false;
  sample() {
    return { overloaded: this.overloaded, value: this.overloaded ? 1 : 0 };
  }
}

/** One page each, on one host: the crawls queue at the host gate, so they run (hold their job) a while. */
const ONE_SLOW_PAGE = { maxPages: 1, crawlDelay: 0 };

describe('worker concurrency', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;

  beforeEach(async () => {
    site = await startFixtureSite({ slowMs: 250 });
  });
  afterEach(async () => {
    await harness.close();
    await site.close();
  });

  it('takes more crawls while its load allows, fewer when a signal is overloaded, never more than its bound', async () => {
    harness = await startWorkerHarness({ WORKER_MAX_CONCURRENCY: '12' });
    const dial = new Dial();
    const app = await harness.startWorker({ loadSignals: [dial], autoscaleSampleMs: 20, autoscaleEveryMs: 60 });
    const autoscaler = app.get(WorkerAutoscaler);
    let mostActive = 0;
    const watch = setInterval(() => {
      void harness.queue.getActiveCount().then((active) => (mostActive = Math.max(mostActive, active)));
    }, 20);
    try {
      for (let i = 0; i < 40; i++)
        await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/slow`, settings: ONE_SLOW_PAGE });
      await harness.waitFor(async () => autoscaler.snapshot().desired === 12, 30_000, 'concurrency to reach its bound');
      await harness.waitFor(async () => autoscaler.snapshot().running > 8, 30_000, 'more crawls running than it started with');

      dial.overloaded = true;
      await harness.waitFor(async () => autoscaler.snapshot().desired <= 6, 30_000, 'concurrency to come down');
      expect(autoscaler.snapshot().overloaded).toEqual(['dial']);
      // Lowered concurrency takes effect as running crawls end: no more are taken until below it.
      await harness.waitFor(
        async () => (await harness.queue.getActiveCount()) <= autoscaler.snapshot().desired,
        60_000,
        'running crawls to drain',
      );
    } finally {
      clearInterval(watch);
    }
    expect(mostActive).toBeLessThanOrEqual(12);
  });

  it('takes more crawls as soon as it raises its concurrency, while the crawls it runs go on for long', async () => {
    await site.close();
    // One host whose page never answers within the test: one crawl waits on it, the others at the host's gate.
    site = await startFixtureSite({ slowMs: 600_000 });
    harness = await startWorkerHarness({ WORKER_MAX_CONCURRENCY: '20' });
    const app = await harness.startWorker({ loadSignals: [new Dial()], autoscaleSampleMs: 20, autoscaleEveryMs: 60 });
    const autoscaler = app.get(WorkerAutoscaler);
    const initial = autoscaler.snapshot().desired;
    expect(initial).toBeLessThan(20);
    for (let i = 0; i < 30; i++)
      await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/slow`, settings: ONE_SLOW_PAGE });
    await harness.waitFor(
      async () => (await harness.queue.getActiveCount()) === 20,
      30_000,
      'every slot the autoscaler raised to in use',
    );
    // None ended: the worker took the extra crawls because it raised its concurrency, not because slots came free.
    expect(await harness.queue.getCompletedCount()).toBe(0);
    expect(site.requestsFor('/slow').filter((request) => request.finishedAt !== null)).toHaveLength(0);
  });

  it('keeps every host at one request at a time with the crawl delay, however many crawls run at once', async () => {
    harness = await startWorkerHarness({ WORKER_MAX_CONCURRENCY: '40' });
    await harness.startWorker({ loadSignals: [new Dial()], autoscaleSampleMs: 20, autoscaleEveryMs: 50 });
    const ids = [];
    for (let i = 0; i < 30; i++)
      ids.push(
        await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/about`, settings: { maxPages: 2, crawlDelay: 40 } }),
      );
    for (const id of ids) expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    expectNoOverlap(site, 40);
  });

  it('one worker command runs a crawling process per WORKER_PROCESSES, restarts one that dies, and both take crawls', async () => {
    harness = await startWorkerHarness({ WORKER_PROCESSES: '2', WORKER_MAX_CONCURRENCY: '2' });
    await harness.spawnWorker();
    const beats = () => readWorkerHeartbeats(harness.redis, { QUEUE_PREFIX: harness.config.QUEUE_PREFIX! });
    const two = await harness.waitFor(async () => ((await beats()).length === 2 ? beats() : undefined), 60_000, 'two processes');
    expect(new Set(two.map((beat: WorkerHeartbeat) => beat.pid)).size).toBe(2);

    const ids = [];
    for (let i = 0; i < 8; i++)
      ids.push(await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/slow`, settings: ONE_SLOW_PAGE }));
    for (const id of ids) await harness.waitForJobFinished(id);
    const jobs = await Promise.all(ids.map((id) => harness.queue.getJob(id)));
    expect(new Set(jobs.map((job) => job!.processedBy)).size).toBe(2);

    process.kill(two[0]!.pid, 'SIGKILL');
    await harness.waitFor(
      async () => {
        const now = await beats();
        return now.some((beat) => !two.some((old) => old.pid === beat.pid)) && now.length >= 2;
      },
      60_000,
      'the dead process to be replaced',
    );
  });
});
