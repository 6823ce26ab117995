import type { ScheduleRun, Vendor, VendorSchedule } from '@vendorwatch/contracts';
import { crawlJobs } from '@vendorwatch/db';
import { createQueue, vendorSchedulerId, type TypedQueue } from '@vendorwatch/runtime';
import { asc, eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../../../../test-support';
import { ChildProcesses } from '../../testing/child-processes';
import { addVendor, freePort, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/** A site whose /hold page answers only once the test lets it: a crawl of it runs as long as the test wants. */
function startHoldingSite() {
  let holding = true;
  const waiting: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const answer = () => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<html><head><title>${request.url}</title></head><body><a href="/hold">hold</a></body></html>`);
    };
    if (request.url === '/hold' && holding) waiting.push(answer);
    else if (request.url === '/' || request.url === '/hold') answer();
    else response.writeHead(404).end();
  });
  return new Promise<{ url: string; release(): void; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        release() {
          holding = false;
          for (const answer of waiting.splice(0)) answer();
        },
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(() => done()));
        },
      }),
    ),
  );
}

/**
 * The check: a schedule that fires every two seconds, with two worker processes and two more
 * API processes beside the test's own. Every run fires exactly once; a run that comes while the
 * previous crawl still runs is skipped and recorded.
 */
describe('schedules across processes', () => {
  let t: TestApp;
  let user: TestUser;
  let site: Awaited<ReturnType<typeof startHoldingSite>>;
  let vendor: Vendor;
  let schedulesQueue: TypedQueue<'scheduledCrawl'>;
  const processes = new ChildProcesses();
  const apis: string[] = [];

  const api = (base: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  const runs = async () => (await (await api(apis[1]!, `/api/vendors/${vendor.id}/schedule/runs`)).json()) as ScheduleRun[];
  const until = <T>(what: string, probe: () => Promise<T | undefined | false>) =>
    waitFor(probe, { what, timeoutMs: 60_000, intervalMs: 200 });

  beforeAll(async () => {
    // Interval schedules below an hour exist for tests and operators only; one every two seconds starts
    // 1 800 crawls an hour, which the crawl-start allowance must admit.
    t = await startTestApp({ SCHEDULE_MIN_INTERVAL_SECONDS: '1', CRAWL_STARTS_PER_WINDOW: '100000' });
    site = await startHoldingSite();
    user = await t.signUp();
    vendor = await addVendor(user, site, { maxPages: 5, crawlDelay: 500 });
    schedulesQueue = createQueue({ REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: t.queuePrefix }, 'scheduledCrawl');
    const ports = [await freePort(), await freePort()];
    await Promise.all([
      processes.worker(t.config),
      processes.worker(t.config),
      ...ports.map((port) => processes.api({ ...t.config, PUBLIC_URL: t.baseUrl }, port)),
    ]);
    apis.push(...ports.map((port) => `http://127.0.0.1:${port}`));
  }, 120_000);

  afterAll(async () => {
    site?.release();
    await processes.closeAll();
    await schedulesQueue?.close();
    await site?.close();
    await t?.close();
  });

  it('fires each run once; runs that come while the crawl runs are skipped and recorded', async () => {
    // Saved through one API process, read through another.
    const saved = await api(apis[0]!, `/api/vendors/${vendor.id}/schedule`, {
      method: 'PUT',
      json: { kind: 'interval', everySeconds: 2, method: 'http' },
    });
    expect(saved.status).toBe(200);
    const schedule = (await (await api(apis[1]!, `/api/vendors/${vendor.id}/schedule`)).json()) as VendorSchedule;
    expect(schedule).toMatchObject({ kind: 'interval', everySeconds: 2, paused: false });
    expect(schedule.nextRunAt).not.toBeNull();

    // The first run starts a crawl that holds on /hold; the runs after it find it running.
    const first = await until('a run that started a crawl', async () => (await runs()).find((run) => run.outcome === 'started'));
    await until(
      'two runs skipped while the crawl runs',
      async () => (await runs()).filter((run) => run.outcome === 'skipped').length >= 2,
    );
    site.release();
    // Seen once in a fresh-clone CI run (not since, alone or beside CPU load): the crawl not completed 60 s after
    // the release. Its row's last state goes into the failure, to say where it stood.
    let crawl: typeof crawlJobs.$inferSelect | undefined;
    await until('the crawl to complete', async () => {
      [crawl] = await t.database.db.select().from(crawlJobs).where(eq(crawlJobs.id, first.crawlJobId!));
      return crawl?.status === 'completed';
    }).catch((error: Error) => {
      const { status, error: crawlError, startedAt, completedAt } = crawl ?? {};
      throw new Error(`${error.message}; the crawl's row: ${JSON.stringify({ status, crawlError, startedAt, completedAt })}`);
    });
    await until('a later run that started the next crawl', async () =>
      (await runs()).find((run) => run.outcome === 'started' && run.crawlJobId !== first.crawlJobId),
    );
    const off = await api(apis[1]!, `/api/vendors/${vendor.id}/schedule`, { method: 'PUT', json: { kind: 'off' } });
    expect(off.status).toBe(200);
    expect(((await off.json()) as VendorSchedule).nextRunAt).toBeNull();
    expect(await schedulesQueue.getJobScheduler(vendorSchedulerId(vendor.id))).toBeUndefined();
    // A run already taken by a worker when the schedule went off finishes: wait for the queue to settle.
    await until('no run in flight', async () => (await schedulesQueue.getActiveCount()) === 0);

    const recorded = await runs();
    const skipped = recorded.filter((run) => run.outcome === 'skipped');
    expect(skipped.length).toBeGreaterThanOrEqual(2);
    for (const run of skipped) {
      expect(run).toMatchObject({
        reason: 'Skipped: the previous crawl of this vendor was still queued or running',
        crawlJobId: first.crawlJobId,
      });
    }
    // Exactly once: each slot is a run of its own, every BullMQ job of the scheduler ran one attempt,
    // acted (none found its run already claimed) and has its recorded run.
    const slots = recorded.map((run) => Date.parse(run.scheduledFor));
    expect(new Set(slots).size).toBe(recorded.length);
    const jobs = (await schedulesQueue.getJobs(['completed'])).filter((job) => job.data.vendorId === vendor.id);
    const acted = jobs.filter((job) => job.returnvalue.status !== 'ignored');
    expect(acted.map((job) => job.attemptsStarted)).toEqual(acted.map(() => 1));
    expect(acted.map((job) => job.id).sort()).toEqual(jobs.map((job) => job.id).sort());
    expect(acted.length).toBe(recorded.length);

    // Every started run is one crawl, and no two crawls of the vendor overlapped.
    const crawls = await t.database.db
      .select()
      .from(crawlJobs)
      .where(eq(crawlJobs.vendorId, vendor.id))
      .orderBy(asc(crawlJobs.createdAt));
    const started = recorded.filter((run) => run.outcome === 'started');
    expect(crawls.map((crawl) => crawl.id).sort()).toEqual(started.map((run) => run.crawlJobId).sort());
    for (let i = 1; i < crawls.length; i++) {
      expect(crawls[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(crawls[i - 1]!.completedAt!.getTime());
    }
  }, 120_000);
});
