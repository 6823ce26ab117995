import type { INestApplicationContext } from '@nestjs/common';
import type { CrawlMethod, CrawlJobStatus } from '@vendorwatch/contracts';
import {
  crawlerConfigs,
  crawlFrontier,
  crawlJobs,
  crawlPages,
  users,
  vendors,
  type CrawlJobRow,
  type CrawlPageRow,
  type FrontierRow,
  type WorkspaceId,
} from '@vendorwatch/db';
import { createTestDatabase, personalWorkspaceOf, seedWorkspaceOf, type TestDatabase } from '@vendorwatch/db/testing';
import { createQueue, createRedisClient, JobQueues, SecretBox, type TypedQueue } from '@vendorwatch/runtime';
import { asc, eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '../../../test-support/wait-for';
import { createWorkerApp } from '../worker-app';
import type { WorkerOptions } from '../worker-tokens';

/**
 * One test file's world: its own database (cloned from the migrated template), its own queue
 * prefix and data directory, workers in-process or as child processes, and helpers that insert
 * crawl rows the way the backend does and wait on conditions (never on fixed sleeps).
 */
export interface WorkerHarness {
  database: TestDatabase;
  redis: Redis;
  /** The gateway to this test file's queues (on `redis`); `queue` is the test's own view of its crawl queue. */
  queues: JobQueues;
  queue: TypedQueue<'crawl'>;
  config: Record<string, string>;
  secrets: SecretBox;
  dataDir: string;
  startWorker(options?: Partial<WorkerOptions>, overrides?: Record<string, string>): Promise<INestApplicationContext>;
  /** A worker command in its own process; `env` adds to its environment (VW_WATCH_ASYNC_HOOKS: see async-hook-watch). */
  spawnWorker(options?: Partial<WorkerOptions>, env?: Record<string, string>): Promise<ChildProcess>;
  /** A user with a vendor in their personal workspace. */
  createUser(): Promise<{ userId: string; vendorId: string; workspaceId: WorkspaceId }>;
  createCrawlerConfig(userId: string, apiKey: string, endpoint: string): Promise<string>;
  insertCrawl(input: InsertCrawl): Promise<string>;
  startCrawl(input: InsertCrawl): Promise<string>;
  waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs?: number, what?: string): Promise<T>;
  waitForStatus(jobId: string, statuses: CrawlJobStatus[], timeoutMs?: number): Promise<CrawlJobRow>;
  /** The BullMQ job once its processor returned (the row ends first; the assessment runs before the return). */
  waitForJobFinished(jobId: string, timeoutMs?: number): Promise<Awaited<ReturnType<TypedQueue<'crawl'>['getJob']>>>;
  job(jobId: string): Promise<CrawlJobRow>;
  pages(jobId: string): Promise<CrawlPageRow[]>;
  frontier(jobId: string): Promise<FrontierRow[]>;
  close(): Promise<void>;
}

export interface InsertCrawl {
  targetUrl: string;
  /** A row inserted earlier (the reconciler leaves young queued rows alone). */
  createdAt?: Date;
  method: CrawlMethod;
  settings?: Record<string, unknown>;
  crawlerConfigId?: string;
  userId?: string;
  vendorId?: string | null;
}

/** Test defaults: quick crawls of the local fixture site (production floors stay in the product). */
export const FAST_CRAWL = {
  crawlDelay: 0,
  maxRetries: 1,
  waitTime: 0,
  simulateHumanBehavior: false,
  takeScreenshots: false,
  useProxy: false,
};

export async function startWorkerHarness(overrides: Record<string, string> = {}): Promise<WorkerHarness> {
  const database = await createTestDatabase();
  const prefix = `vwtest-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vw-worker-test-'));
  const encryptionKey = SecretBox.generateKey();
  const config: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url!,
    DATABASE_POOL_SIZE: '5',
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKey,
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_MIN_DELAY_MS: '0',
    WORKER_CONCURRENCY: '4',
    // One crawling process per spawned worker command unless a test asks for more.
    WORKER_PROCESSES: '1',
    // The harness's crawls all belong to one user: the fair-use cap would hold most of them back.
    CRAWLS_RUNNING_PER_USER: '10000',
    ...overrides,
  };
  const redis = createRedisClient({ REDIS_URL: config.REDIS_URL ?? 'redis://127.0.0.1:6379' }, 'worker-test');
  const queues = new JobQueues(
    { REDIS_URL: config.REDIS_URL ?? 'redis://127.0.0.1:6379', QUEUE_PREFIX: prefix },
    { role: 'worker', redis },
  );
  // The test's own view of the crawl queue, to look at jobs as an operator's dashboard would.
  const queue = createQueue({ REDIS_URL: config.REDIS_URL ?? 'redis://127.0.0.1:6379', QUEUE_PREFIX: prefix }, 'crawl');
  const apps: INestApplicationContext[] = [];
  const children: ChildProcess[] = [];
  const db = database.db;

  const harness: WorkerHarness = {
    database,
    redis,
    queues,
    queue,
    config,
    secrets: new SecretBox(encryptionKey),
    dataDir,
    async startWorker(options = {}, extra = {}) {
      const app = await createWorkerApp({ ...config, ...extra }, options);
      // Closing a Nest context twice runs its shutdown hooks twice: remember who closed already.
      const close = app.close.bind(app);
      let closing: Promise<void> | null = null;
      app.close = () => (closing ??= close());
      apps.push(app);
      return app;
    },
    async spawnWorker(options = {}, env = {}) {
      const child = spawn(
        process.execPath,
        ['-r', path.join(__dirname, 'register-swc.js'), path.join(__dirname, 'worker-process.ts')],
        {
          env: {
            ...process.env,
            ...env,
            VW_WORKER_OVERRIDES: JSON.stringify(config),
            VW_WORKER_OPTIONS: JSON.stringify(options),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      children.push(child);
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`worker process exited (${code}): ${stderr}`)));
      });
      return child;
    },
    async createUser() {
      const [user] = await db
        .insert(users)
        .values({ email: `crawler-${randomBytes(5).toString('hex')}@example.com`, encryptedPassword: 'x' })
        .returning();
      const [vendor] = await db
        .insert(vendors)
        .values({
          workspaceId: await personalWorkspaceOf(db, user!.id),
          userId: user!.id,
          name: 'Example Vendor',
          url: 'http://example.test',
        })
        .returning();
      return { userId: user!.id, vendorId: vendor!.id, workspaceId: vendor!.workspaceId };
    },
    async createCrawlerConfig(userId, apiKey, endpoint) {
      const [row] = await db
        .insert(crawlerConfigs)
        .values({
          workspaceId: await personalWorkspaceOf(db, userId),
          userId,
          name: 'ScrapingBee',
          apiKeyEncrypted: harness.secrets.encrypt(apiKey),
          apiKeyLast4: apiKey.slice(-4),
          apiEndpoint: endpoint,
          isActive: true,
        })
        .returning();
      return row!.id;
    },
    async insertCrawl(input) {
      const owner = input.userId ? { userId: input.userId, vendorId: input.vendorId ?? null } : await harness.createUser();
      const [row] = await db
        .insert(crawlJobs)
        .values({
          workspaceId: await seedWorkspaceOf(db, owner.userId, owner.vendorId),
          userId: owner.userId,
          vendorId: owner.vendorId,
          method: input.method,
          targetUrl: input.targetUrl,
          settings: {
            ...FAST_CRAWL,
            startUrls: [input.targetUrl],
            maxPages: 100,
            allowedDomains: [],
            excludePatterns: [],
            ...input.settings,
          },
          crawlerConfigId: input.crawlerConfigId ?? null,
          ...(input.createdAt ? { createdAt: input.createdAt } : {}),
        })
        .returning();
      return row!.id;
    },
    async startCrawl(input) {
      const id = await harness.insertCrawl(input);
      await queues.enqueue('crawl', { crawlJobId: id });
      return id;
    },
    waitFor: (probe, timeoutMs = 60_000, what = 'condition') => waitFor(probe, { timeoutMs, what }),
    async waitForStatus(jobId, statuses, timeoutMs = 90_000) {
      return harness.waitFor(
        async () => {
          const row = await harness.job(jobId);
          return statuses.includes(row.status) ? row : undefined;
        },
        timeoutMs,
        `crawl ${jobId} to be ${statuses.join('|')}`,
      );
    },
    waitForJobFinished: (jobId, timeoutMs = 60_000) =>
      harness.waitFor(
        async () => {
          const job = await queue.getJob(jobId);
          return job?.finishedOn ? job : undefined;
        },
        timeoutMs,
        `BullMQ to finish job ${jobId}`,
      ),
    async job(jobId) {
      const [row] = await db.select().from(crawlJobs).where(eq(crawlJobs.id, jobId));
      return row!;
    },
    pages: (jobId) => db.select().from(crawlPages).where(eq(crawlPages.jobId, jobId)).orderBy(asc(crawlPages.url)),
    frontier: (jobId) => db.select().from(crawlFrontier).where(eq(crawlFrontier.jobId, jobId)).orderBy(asc(crawlFrontier.seq)),
    async close() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await Promise.all(apps.map((app) => app.close().catch(() => undefined)));
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await queues.close();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** The paths of a crawl's pages, sorted: what tests compare against the fixture's page list. */
export const pathsOf = (pages: { url: string }[]) => pages.map((p) => new URL(p.url).pathname).sort();
