import { MESSAGES, type CrawlJob, type Vendor } from '@vendorwatch/contracts';
import { crawlJobs } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { startRedisServer, waitFor, type RedisServer } from '../../../test-support';
import type { HealthReport } from '../modules/health/health.service';
import { startTestApp, type TestApp, type TestUser } from '../testing/test-app';

/**
 * Long enough for BullMQ's own reconnect backoff (max(1 s, e^attempt ms), up to 20 s) to reach its
 * 20-second step: its attempts come about 18 s and 38 s into the outage.
 */
const LONG_OUTAGE_MS = 20_000;

/**
 * Redis down under the API (its own redis-server, stopped and started again as a crash and a
 * restart would). Signing in needs the database, not Redis: it keeps working, and its per-address
 * limits keep counting in the process meanwhile. Once Redis is back the queue reconnects within a
 * second or so, and a crawl starts at once; a start the queue refused leaves no row behind.
 */
describe('a Redis outage', () => {
  let redis: RedisServer;
  let t: TestApp;
  let alice: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    redis = await startRedisServer({ persist: false });
    t = await startTestApp({ REDIS_URL: redis.url, AUTH_RATE_LIMIT_SIGN_IN: '3' });
    alice = await t.signUp();
    const created = await alice.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'http://127.0.0.1:9/' } });
    vendor = (await created.json()) as Vendor;
  });

  afterAll(async () => {
    await t?.close();
    await redis?.close();
  });

  const signIn = () =>
    fetch(`${t.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'anon' },
      body: JSON.stringify({ email: alice.email, password: alice.password }),
      signal: AbortSignal.timeout(30_000),
    });
  const health = async () => (await (await fetch(`${t.baseUrl}/api/health`)).json()) as HealthReport;
  const startCrawl = () =>
    alice.api('/api/crawls', {
      method: 'POST',
      json: { vendorId: vendor.id, method: 'http' },
      signal: AbortSignal.timeout(30_000),
    });
  const rowsOfVendor = () => t.database.db.select().from(crawlJobs).where(eq(crawlJobs.vendorId, vendor.id));

  it('sign-in keeps working while Redis is down, and its per-address limit still counts', async () => {
    await redis.stop();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await signIn()).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // What does need Redis says so: a crawl start is refused, and no crawl row is left behind.
      const refused = await startCrawl();
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.generic.queueUnavailable);
      expect(await rowsOfVendor()).toEqual([]);
    } finally {
      await redis.start();
    }
  });

  it('after a long outage the queue is back within seconds of Redis, and a crawl starts at once', async () => {
    await redis.stop();
    const down = Date.now();
    // The outage is the fault under test: it lasts while the API's queue keeps trying to reconnect.
    await waitFor(async () => Date.now() - down >= LONG_OUTAGE_MS, {
      timeoutMs: LONG_OUTAGE_MS + 30_000,
      intervalMs: 500,
      what: 'the outage to last',
    });
    await redis.start();

    // Redis is up: the API's connections report healthy within a few seconds (BullMQ's own backoff took up to 20 s).
    await waitFor(
      async () => {
        const { services } = await health();
        return services.redis.status === 'ok' && services.queue.status === 'ok';
      },
      {
        timeoutMs: 5_000,
        intervalMs: 100,
        what: "the API's queue to reconnect",
      },
    );
    const started = await startCrawl();
    expect(started.status).toBe(201);
    const crawl = (await started.json()) as CrawlJob;
    expect(crawl.status).toBe('queued');
    expect((await rowsOfVendor()).map((row) => row.status)).toEqual(['queued']);
  });
});
