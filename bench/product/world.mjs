import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startChild } from '../lib/ipc.mjs';
import { BENCH, requireFrom } from '../lib/paths.mjs';

const { crawlerConfigs, crawlJobs, users, vendors } = requireFrom('worker', '@vendorwatch/db');
const { createTestDatabase, personalWorkspaceOf } = requireFrom('worker', '@vendorwatch/db/testing');
const { JobQueues, SecretBox } = requireFrom('worker', '@vendorwatch/runtime');
const { sql } = requireFrom('packages/db', 'drizzle-orm');

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

/** What every benchmark crawl of ours sets: no waiting, no screenshots, one retry (as the worker tests do). */
export const BENCH_CRAWL = { maxRetries: 1, waitTime: 0, simulateHumanBehavior: false, takeScreenshots: false, useProxy: false };

export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * One benchmark's Vendorwatch: its own database (cloned from the migrated template), its own queue
 * prefix(es) and data directory, worker and API processes started from the compiled product, and
 * helpers that insert and enqueue crawls the way the backend does. close() removes all of it.
 */
export async function createWorld({ logFile, redisUrl = 'redis://127.0.0.1:6379', databasePoolSize = 10 } = {}) {
  const database = await createTestDatabase();
  const prefix = `vwbench-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vw-bench-'));
  const encryptionKey = SecretBox.generateKey();
  const secrets = new SecretBox(encryptionKey);
  const children = [];
  const queues = new Map();
  const prefixes = new Set([prefix]);

  const baseConfig = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: String(databasePoolSize),
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKey,
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CHROMIUM_PATH: '/usr/bin/chromium',
    FRONTEND_DIST: '/nonexistent',
    SMTP_URL: '',
  };

  const queueFor = (queuePrefix) => {
    if (!queues.has(queuePrefix))
      queues.set(
        queuePrefix,
        new JobQueues({ REDIS_URL: redisUrl, QUEUE_PREFIX: queuePrefix }, { role: 'worker', connectionName: 'bench' }),
      );
    return queues.get(queuePrefix);
  };

  const world = {
    database,
    db: database.db,
    prefix,
    dataDir,
    config: baseConfig,

    /** Starts a worker process; `overrides` (WORKER_CONCURRENCY, CRAWL_MIN_DELAY_MS, QUEUE_PREFIX …) go on top of the base settings. */
    async startWorker(overrides = {}, { execArgv = [] } = {}) {
      if (overrides.QUEUE_PREFIX) prefixes.add(overrides.QUEUE_PREFIX);
      const child = startChild(path.join(BENCH, 'product/worker-process.mjs'), {
        env: { VW_BENCH_CONFIG: JSON.stringify({ ...baseConfig, ...overrides }) },
        execArgv,
        logFile,
      });
      children.push(child);
      await child.ready;
      return child;
    },

    /**
     * Starts the worker command as an operator runs it (`product/worker-command.mjs`): its defaults
     * decide how many crawling processes run and how many crawls each takes; `overrides` go on top
     * of the base settings.
     */
    async startWorkerCommand(overrides = {}, { execArgv = [] } = {}) {
      const child = startChild(path.join(BENCH, 'product/worker-command.mjs'), {
        env: { VW_BENCH_CONFIG: JSON.stringify({ ...baseConfig, ...overrides }) },
        execArgv,
        logFile,
        readyTimeoutMs: 120_000,
      });
      children.push(child);
      await child.ready;
      return child;
    },

    /** Starts the API (the compiled backend) on a free port; resolves to { child, url }. */
    async startApi(overrides = {}, { execArgv = [] } = {}) {
      const port = await freePort();
      const child = startChild(path.join(BENCH, 'product/api-process.mjs'), {
        env: {
          VW_BENCH_CONFIG: JSON.stringify({
            ...baseConfig,
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            AUTH_AUTOCONFIRM: 'true',
            ...overrides,
          }),
        },
        execArgv,
        logFile,
      });
      children.push(child);
      const { url } = await child.ready;
      return { child, url };
    },

    async stopChild(child) {
      await child.stop();
      children.splice(children.indexOf(child), 1);
    },

    /** A user with one vendor per start URL (one host each), in their personal workspace. */
    async createOwner(startUrls) {
      const [user] = await database.db
        .insert(users)
        .values({ email: `bench-${randomBytes(5).toString('hex')}@example.com`, encryptedPassword: 'x' })
        .returning();
      const workspaceId = await personalWorkspaceOf(database.db, user.id);
      const rows = await database.db
        .insert(vendors)
        .values(startUrls.map((url, i) => ({ workspaceId, userId: user.id, name: `Bench vendor ${i + 1}`, url })))
        .returning();
      return { userId: user.id, workspaceId, vendorIds: rows.map((row) => row.id) };
    },

    async createApiConfig({ userId, workspaceId }, endpoint, apiKey) {
      const [row] = await database.db
        .insert(crawlerConfigs)
        .values({
          workspaceId,
          userId,
          name: 'Local ScrapingBee',
          apiKeyEncrypted: secrets.encrypt(apiKey),
          apiKeyLast4: apiKey.slice(-4),
          apiEndpoint: endpoint,
          isActive: true,
        })
        .returning();
      return row.id;
    },

    /**
     * Inserts queued crawl rows the way CrawlsService.start does, bypassing only the API's
     * 500 ms floor on crawlDelay (the worker's CRAWL_MIN_DELAY_MS still applies).
     */
    async insertCrawls({
      userId,
      workspaceId,
      vendorIds,
      startUrls,
      method,
      maxPages,
      crawlDelay,
      crawlerConfigId = null,
      settings = {},
    }) {
      const rows = await database.db
        .insert(crawlJobs)
        .values(
          startUrls.map((url, i) => ({
            workspaceId,
            userId,
            vendorId: vendorIds[i],
            method,
            targetUrl: url,
            crawlerConfigId,
            settings: {
              ...BENCH_CRAWL,
              ...settings,
              startUrls: [url],
              maxPages,
              crawlDelay,
              allowedDomains: [],
              excludePatterns: [],
            },
          })),
        )
        .returning({ id: crawlJobs.id });
      return rows.map((row) => row.id);
    },

    async enqueue(ids, queuePrefix = prefix) {
      const gateway = queueFor(queuePrefix);
      await Promise.all(ids.map((id) => gateway.enqueue('crawl', { crawlJobId: id })));
    },

    /** Polls the rows until every crawl has ended; resolves to the rows and when the last one ended (epoch ms). */
    async waitForCrawls(ids, { timeoutMs = 600_000, intervalMs = 50 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.db.execute(
          sql`select id, status, pages_done, error, extract(epoch from completed_at) * 1000 as completed_ms from crawl_jobs where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        if (rows.every((row) => TERMINAL.has(row.status))) {
          const failed = rows.filter((row) => row.status !== 'completed');
          if (failed.length) throw new Error(`crawl ${failed[0].id} ended ${failed[0].status}: ${failed[0].error}`);
          // The database's clock is this machine's clock: the last crawl's end, to the microsecond.
          return { rows, endedAt: Math.max(...rows.map((row) => Number(row.completed_ms))) };
        }
        if (Date.now() > deadline) {
          const open = rows.filter((row) => !TERMINAL.has(row.status));
          throw new Error(
            `${open.length} crawl(s) still running after ${timeoutMs} ms (e.g. ${open[0].status}, ${open[0].pages_done} pages)`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    },

    /**
     * Waits until every completed crawl of these has its assessment (what follows a crawl — posture,
     * assessment, comparison — runs after its row says completed), or `timeoutMs` passed: resolves
     * to whether all were assessed.
     */
    async waitForAssessments(ids, { timeoutMs = 120_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const list = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
      for (;;) {
        const { rows } = await database.db.execute(
          sql`select count(*) filter (where j.status = 'completed')::int as completed, count(a.id)::int as assessed
              from crawl_jobs j left join compliance_assessments a on a.job_id = j.id where j.id in (${list})`,
        );
        if (rows[0].assessed >= rows[0].completed) return true;
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },

    /** Pages stored by these crawls (rows in crawl_pages with an answer). */
    async storedPages(ids) {
      const { rows } = await database.db.execute(
        sql`select count(*)::int as pages, count(*) filter (where status_code = 200)::int as ok from crawl_pages
            where job_id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
      return rows[0];
    },

    /** Pages of these crawls the adaptive method read in the browser (its reading says which way). */
    async renderedPages(ids) {
      const { rows } = await database.db.execute(
        sql`select count(*)::int as pages from crawl_pages
            where document->'readBy'->>'via' = 'browser' and job_id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
      return rows[0].pages;
    },

    async close() {
      await Promise.allSettled(children.map((child) => child.stop()));
      for (const gateway of queues.values()) await gateway.close().catch(() => undefined);
      // Every key under the world's prefixes: its queues' jobs (active ones included), heartbeats, host gates.
      await clearRedisPrefixes(redisUrl, [...prefixes]);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return world;
}

/** Removes every key under the benchmark's prefixes (BullMQ's and ours: heartbeats, host gates). */
export async function clearRedisPrefixes(redisUrl, prefixes) {
  const { Redis } = requireFrom('packages/runtime', 'ioredis');
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}
