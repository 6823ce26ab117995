import type { INestApplicationContext } from '@nestjs/common';
import { MESSAGES, type CrawlJob, type Vendor } from '@vendorwatch/contracts';
import { crawlJobs, crawlPages } from '@vendorwatch/db';
import { TEST_POSTGRES_URL } from '@vendorwatch/db/testing';
import { createQueue, type TypedQueue } from '@vendorwatch/runtime';
import { eq } from 'drizzle-orm';
import { startFixtureSite, startTcpProxy, waitFor, type FixtureSite, type TcpProxy } from '../../../test-support';
import { EVERY_PAGE_ONCE, everyPageOnce } from '../../../worker/src/testing/fixture-expectations';
import { createWorkerApp } from '../../../worker/src/worker-app';
import { addVendor, startTestApp, type TestApp, type TestUser } from '../testing/test-app';

const OUTAGE_MS = 30_000;
const EXTRA = 10;
const EXPECTED = everyPageOnce(EXTRA);

/**
 * PostgreSQL unreachable for 30 s, cut by a TCP proxy between it and both the API and a worker:
 * the API answers 503 with a clear message and the worker holds its crawl instead of failing it;
 * once the database is back both carry on by themselves and nothing is lost.
 */
describe('a database outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let site: FixtureSite;
  let worker: INestApplicationContext;
  let queue: TypedQueue<'crawl'>;
  let alice: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(TEST_POSTGRES_URL).port || 5432));
    site = await startFixtureSite({ extraPages: EXTRA, flakyFailures: 0 });
    t = await startTestApp({}, { reachDatabase: (url) => proxy.urlFor(url) });
    worker = await createWorkerApp({ ...t.config, CRAWL_MIN_DELAY_MS: '0' });
    queue = createQueue({ REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: t.queuePrefix }, 'crawl');
    alice = await t.signUp();
    vendor = await addVendor(alice, site, { maxPages: 100, crawlDelay: 500, excludePatterns: EVERY_PAGE_ONCE.excludePatterns });
  });

  afterAll(async () => {
    proxy?.restore();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await worker?.close();
    await t?.close();
    await site?.close();
    await proxy?.close();
  });

  /** Read past the proxy, as an operator would look at the database. */
  const row = async (id: string) => (await t.database.db.select().from(crawlJobs).where(eq(crawlJobs.id, id)))[0]!;

  it('503 from the API and a paused crawl while it lasts; both recover by themselves, nothing lost', async () => {
    const started = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as CrawlJob;
    await waitFor(async () => (await row(id)).pagesDone >= 3, { what: 'three pages stored' });

    proxy.cut();
    const cutAt = Date.now();
    const vendors = await alice.api('/api/vendors');
    expect(vendors.status).toBe(503);
    expect(vendors.headers.get('retry-after')).toBe('5');
    expect(await vendors.json()).toEqual({ statusCode: 503, message: MESSAGES.generic.databaseUnavailable });
    // The token is still good: the user is not told to sign in again.
    const crawl = await alice.api(`/api/crawls/${id}`);
    expect(crawl.status).toBe(503);
    const health = await fetch(`${t.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ services: { database: { status: 'down' }, redis: { status: 'ok' } } });
    // auth-js retries a 503 instead of signing the user out.
    const refresh = await fetch(`${t.baseUrl}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'anon' },
      body: JSON.stringify({ refresh_token: alice.refreshToken }),
    });
    expect(refresh.status).toBe(503);

    // The outage is the fault under test: it lasts 30 s, while the worker keeps trying.
    await waitFor(async () => Date.now() - cutAt >= OUTAGE_MS && proxy.refused > 0, {
      timeoutMs: OUTAGE_MS + 30_000,
      intervalMs: 500,
      what: 'the outage to last',
    });
    // Paused, not failed: the job still holds its lock and the row is still running.
    expect(await (await queue.getJob(id))!.getState()).toBe('active');
    expect((await row(id)).status).toBe('running');
    proxy.restore();

    await waitFor(async () => (await alice.api('/api/vendors')).status === 200, { what: 'the API to answer again' });
    const done = await waitFor(
      async () => {
        const job = (await (await alice.api(`/api/crawls/${id}`)).json()) as CrawlJob;
        return ['completed', 'failed', 'cancelled'].includes(job.status) && job;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'the crawl to end' },
    );
    expect(done).toMatchObject({ status: 'completed', error: null, pagesDone: EXPECTED.length });
    const pages = await t.database.db.select().from(crawlPages).where(eq(crawlPages.jobId, id));
    expect(pages.map((page) => new URL(page.url).pathname).sort()).toEqual(EXPECTED);
    // Every page fetched; only one whose answer could not be stored when the cut came is fetched again.
    const counts = site.requestCounts();
    for (const path of EXPECTED) expect([path, counts[path]]).toEqual([path, expect.any(Number)]);
    expect(EXPECTED.filter((path) => counts[path] !== 1).length).toBeLessThanOrEqual(1);
    expect(Math.max(...EXPECTED.map((path) => counts[path] ?? 0))).toBeLessThanOrEqual(2);
    expect((await queue.getJob(id))!.attemptsStarted).toBe(1);
  });
});
