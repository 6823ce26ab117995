import { FIXTURE_CRAWLABLE_PATHS, startFixtureSite } from '../../../test-support';
import { pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** Quick stall detection for the test; production keeps its defaults (12 s lock, 8 s check). */
const FAST_STALLS = { lockDurationMs: 3000, stalledIntervalMs: 1500 };
/** Every page once: no flaky page, no retried 500. */
const ONCE = { excludePatterns: ['/drafts/**', '/broken'], maxRetries: 1 };
const EXTRA = 6;
/** Frontier states of a URL whose answer is stored (a page, or a redirect to one). */
const FINISHED = ['done', 'failed', 'redirected'];
const EXPECTED = [
  ...FIXTURE_CRAWLABLE_PATHS.filter((p) => p !== '/broken'),
  ...Array.from({ length: EXTRA }, (_, i) => `/extra/${i + 1}`),
].sort();

describe('crawl jobs across worker processes', () => {
  let harness: WorkerHarness;

  beforeAll(async () => {
    harness = await startWorkerHarness();
  });
  afterAll(() => harness.close());

  it('two workers on one queue: twenty jobs, each processed exactly once', async () => {
    const site = await startFixtureSite({ extraPages: 20 });
    try {
      await harness.startWorker();
      await harness.startWorker();
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          harness.startCrawl({ method: 'http', targetUrl: `${site.url}/extra/${i + 1}`, settings: { maxPages: 1 } }),
        ),
      );
      for (const id of ids) expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
      for (let i = 1; i <= 20; i++) expect(site.requestsFor(`/extra/${i}`)).toHaveLength(1);
      const jobs = await Promise.all(ids.map((id) => harness.queue.getJob(id)));
      expect(jobs.map((job) => job!.attemptsStarted)).toEqual(ids.map(() => 1));
      expect(new Set(jobs.map((job) => job!.processedBy)).size).toBe(2);
    } finally {
      await site.close();
    }
  });

  it('a graceful shutdown hands the job back and a SIGKILLed worker loses nothing: the crawl resumes from the frontier', async () => {
    const site = await startFixtureSite({ extraPages: EXTRA, flakyFailures: 0 });
    try {
      const settings = { ...ONCE, crawlDelay: 400 };
      // Only child processes work this queue until the end: the in-process workers above belong to the same
      // prefix, so this test uses a queue of its own through a fresh harness.
      const own = await startWorkerHarness();
      try {
        const doneRows = async (id: string) => (await own.frontier(id)).filter((row) => row.state === 'done').length;
        /** True between two requests (the crawl delay): every URL the site was asked for is stored. */
        const quiet = async (id: string, atLeast: number) => {
          const rows = await own.frontier(id);
          const requested = new Set(site.requests.map((r) => r.path));
          const unstored = rows.filter((row) => !FINISHED.includes(row.state) && requested.has(new URL(row.url).pathname));
          const answered = site.requests.every((r) => r.finishedAt !== null);
          return rows.filter((row) => row.state === 'done').length >= atLeast && unstored.length === 0 && answered;
        };

        const first = await own.spawnWorker(FAST_STALLS);
        const id = await own.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings });
        await own.waitFor(() => quiet(id, 3), 30_000, 'three pages stored');
        first.kill('SIGTERM');
        const code = await new Promise<number | null>((resolve) => first.once('exit', resolve));
        expect(code).toBe(0);
        const handedBack = await own.queue.getJob(id);
        // Waiting again, in its place by its user's load (crawl jobs carry a priority).
        expect(await handedBack!.getState()).toBe('prioritized');
        expect((await own.frontier(id)).filter((row) => row.state === 'in_progress')).toHaveLength(0);
        expect((await own.job(id)).status).toBe('running');

        const second = await own.spawnWorker(FAST_STALLS);
        const stored = await doneRows(id);
        await own.waitFor(() => quiet(id, stored + 3), 30_000, 'three more pages stored');
        second.kill('SIGKILL');
        await new Promise((resolve) => second.once('exit', resolve));

        await own.startWorker(FAST_STALLS);
        const job = await own.waitForStatus(id, ['completed', 'failed'], 60_000);
        expect(job.status).toBe('completed');
        expect(pathsOf(await own.pages(id))).toEqual(EXPECTED);
        const counts = site.requestCounts();
        for (const path of EXPECTED) expect([path, counts[path]]).toEqual([path, 1]);
      } finally {
        await own.close();
      }
    } finally {
      await site.close();
    }
  });

  it('an uninterrupted crawl of the same site produces the same page set', async () => {
    const site = await startFixtureSite({ extraPages: EXTRA, flakyFailures: 0 });
    try {
      const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: ONCE });
      expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
      expect(pathsOf(await harness.pages(id))).toEqual(EXPECTED);
    } finally {
      await site.close();
    }
  });
});
