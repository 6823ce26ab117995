import { MESSAGES, type CrawlJob, type Vendor } from '@vendorwatch/contracts';
import { authSessions } from '@vendorwatch/db';
import { TEST_POSTGRES_URL } from '@vendorwatch/db/testing';
import { getTableName } from 'drizzle-orm';
import { Client } from 'pg';
import { createQueue } from '@vendorwatch/runtime';
import { startTcpProxy, waitFor, type TcpProxy } from '../../../test-support';
import { startTestApp, type TestApp, type TestUser } from '../testing/test-app';

/**
 * Outages fail fast and clearly: with Redis unreachable the API's producers give up at once
 * (no offline queue), and a session lookup the database cannot answer in time is a 503 — never a
 * 401, which would sign the user out.
 */
describe('failing fast during an outage', () => {
  let redis: TcpProxy;
  let t: TestApp;
  let alice: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    redis = await startTcpProxy(6379);
    // A short statement timeout so a locked table shows as a timeout within the test.
    t = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}`, DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
    alice = await t.signUp();
    const created = await alice.api('/api/vendors', { method: 'POST', json: { name: 'Acme', url: 'http://127.0.0.1:9/' } });
    vendor = (await created.json()) as Vendor;
  });

  afterAll(async () => {
    redis?.restore();
    await t?.close();
    await redis?.close();
  });

  it('Redis cut: starting a crawl answers 503 with a clear message instead of hanging', async () => {
    redis.cut();
    try {
      const started = await alice.api('/api/crawls', {
        method: 'POST',
        json: { vendorId: vendor.id, method: 'http' },
        signal: AbortSignal.timeout(10_000),
      });
      expect(started.status).toBe(503);
      expect(started.headers.get('retry-after')).toBeTruthy();
      // The per-user start limit is counted in Redis first: the request stops there, before any row exists.
      expect(((await started.json()) as { message: string }).message).toBe(MESSAGES.generic.queueUnavailable);

      const crawls = (await (await alice.api('/api/crawls')).json()) as { items: { id: string }[] };
      const health = await fetch(`${t.baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(503);
      expect(crawls.items).toEqual([]);
    } finally {
      redis.restore();
    }
  });

  it('cancel ends a crawl row whose queue job is gone', async () => {
    const queue = createQueue({ REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: t.queuePrefix }, 'crawl');
    try {
      const started = await waitFor(
        async () => {
          const answer = await alice.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } });
          return answer.status === 201 && ((await answer.json()) as CrawlJob);
        },
        { what: 'a crawl to start once Redis is back' },
      );
      await queue.remove(started.id);
      const cancelled = await alice.api(`/api/crawls/${started.id}/cancel`, { method: 'POST' });
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as CrawlJob).status).toBe('cancelled');
    } finally {
      await queue.close();
    }
  });

  it('bounds how long a client may take to send its request', () => {
    const server = t.app.getHttpServer() as { requestTimeout: number };
    expect(server.requestTimeout).toBe(120_000);
  });

  it('a session lookup that times out answers 503, not 401', async () => {
    const locker = new Client({ connectionString: t.database.url ?? TEST_POSTGRES_URL });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${getTableName(authSessions)} in access exclusive mode`);
      const answer = await alice.api('/api/vendors', { signal: AbortSignal.timeout(10_000) });
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ statusCode: 503, message: MESSAGES.generic.databaseUnavailable });
    } finally {
      await locker.query('rollback').catch(() => undefined);
      await locker.end();
    }
    expect((await alice.api('/api/vendors')).status).toBe(200);
  });
});
