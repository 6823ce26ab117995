import type { ChildProcess } from 'node:child_process';
import type { CrawlMethod } from '@vendorwatch/contracts';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { FAST_CRAWL, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

interface Line {
  msg?: string;
  asyncHooksOn?: string;
  at?: string;
  [field: string]: unknown;
}

/**
 * Issue 43: an AsyncLocalStorage entered once makes Node 20 run async hooks on every promise, tick and
 * timer of the process, for good — about 1.5 ms of the worker's CPU per crawled page. The worker gives
 * each job its log instead (JobLog): its lines still carry the job's id, and nothing the worker runs
 * turns async hooks on (watched from inside the worker process: see async-hook-watch).
 */
describe('a worker process', () => {
  let harness: WorkerHarness;
  let worker: ChildProcess;
  let site: FixtureSite;
  const lines: Line[] = [];

  beforeAll(async () => {
    harness = await startWorkerHarness({ LOG_LEVEL: 'info' });
    worker = await harness.spawnWorker({}, { VW_WATCH_ASYNC_HOOKS: '1' });
    let rest = '';
    worker.stdout!.on('data', (chunk: Buffer) => {
      const complete = (rest + chunk.toString()).split('\n');
      rest = complete.pop()!;
      for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as Line);
    });
    site = await startFixtureSite();
  }, 120_000);
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  it.each<CrawlMethod>(['http', 'puppeteer'])(
    "logs a %s crawl's lines with its id, and turns no async hook on through it and the steps after it",
    async (method) => {
      const id = await harness.startCrawl({ method, targetUrl: `${site.url}/`, settings: { ...FAST_CRAWL, maxPages: 3 } });
      expect(await harness.waitForJobFinished(id, 90_000)).toMatchObject({ returnvalue: { status: 'completed' } });
      await harness.waitFor(
        async () => lines.some((line) => line.msg?.startsWith(`Job crawl ${id} finished`)),
        10_000,
        'its last line',
      );

      const job = { jobId: id, job: 'crawl', attempt: 1, context: 'QueueWorkersService' };
      expect(lines.filter((line) => line.msg?.includes(id))).toEqual([
        expect.objectContaining({ ...job, level: 30, msg: `Job crawl ${id} started` }),
        expect.objectContaining({
          ...job,
          level: 30,
          msg: expect.stringMatching(new RegExp(`^Job crawl ${id} finished in \\d+ ms: completed$`)),
        }),
      ]);
      expect(lines.filter((line) => line.asyncHooksOn)).toEqual([]);
    },
  );
});
