import type { TestCrawlPayload, TestCrawlResult } from '@vendorwatch/contracts';
import type { JobState, QueueEvents, RepeatOptions, WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { isCancelRequested, publishCrawlCancel, subscribeToCrawlCancels, type CancelMessage } from './cancel';
import { readWorkerHeartbeats, type WorkerHeartbeat } from './heartbeat';
import { JOB_OPTIONS, JOBS, type EnqueueOptions, type JobKey, type JobName, type JobPayload } from './jobs';
import { createQueue, createQueueEvents, createWorker, type TypedProcessor, type TypedQueue, type TypedWorker } from './queues';
import { createRedisClient, settleRedisClient, type RedisRole } from './redis';

type QueueConfig = Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>;

export type CancelOutcome = 'removed' | 'gone' | 'signalled';

/** Where a crawl's BullMQ job stands ('missing': there is none), and why it failed when it failed for good. */
export interface CrawlJobState {
  state: JobState | 'unknown' | 'missing';
  failedReason: string | null;
}

export interface JobQueuesOptions {
  /** 'producer' for the API: while Redis is unreachable its calls fail at once (503) rather than hold the request. */
  role: RedisRole;
  /** The plain Redis client for our own keys (cancel flags, heartbeats); made (and closed) here when absent. */
  redis?: Redis;
  /** The name of the Redis client made here. */
  connectionName?: string;
}

/**
 * The one gateway to the job queues, for the API and the workers alike: each queue of the job
 * catalogue made once, up front (a producer's first add must find its connection made), jobs added with the options the catalogue
 * declares (`JOB_OPTIONS`), job schedulers, crawl cancellation, test crawls, counts, worker heartbeats and the
 * BullMQ workers that run the jobs. The queues stay in here: callers ask for what they need by name
 * (a lint rule keeps BullMQ's Queue, QueueEvents, FlowProducer and Job to this folder). What the crawl
 * lifecycle does with them (starting crawls, the vendors' schedulers) lives in crawl-lifecycle/, above this plumbing.
 */
export class JobQueues {
  private readonly byQueue = new Map<string, TypedQueue<JobKey>>();
  private readonly ownsRedis: boolean;
  private testEvents?: Promise<QueueEvents>;
  readonly redis: Redis;

  constructor(
    readonly config: QueueConfig,
    private readonly options: JobQueuesOptions,
  ) {
    this.ownsRedis = !options.redis;
    this.redis = options.redis ?? createRedisClient(config, options.connectionName ?? 'job-queues', options.role);
    for (const kind of Object.keys(JOBS) as JobKey[]) this.queue(kind);
  }

  /** The queue of one job kind. */
  private queue<K extends JobKey>(kind: K): TypedQueue<K> {
    const name = JOBS[kind].queue;
    let queue = this.byQueue.get(name);
    if (!queue) {
      queue = createQueue(this.config, kind, this.options.role) as unknown as TypedQueue<JobKey>;
      this.byQueue.set(name, queue);
    }
    return queue as unknown as TypedQueue<K>;
  }

  /** Resolves once the Redis client is connected, or after a few seconds if it is not; never rejects. */
  ready(): Promise<void> {
    return settleRedisClient(this.redis);
  }

  /** The BullMQ name of every queue of the catalogue (for metrics). */
  queueNames(): string[] {
    return [...this.byQueue.keys()];
  }

  /** Jobs in one queue (by its BullMQ name) by state, waiting included (the queue depth); for metrics. */
  async jobCounts(queueName: string): Promise<Record<string, number>> {
    return (await this.byQueue.get(queueName)?.getJobCounts()) ?? {};
  }

  /**
   * Every queue of the catalogue, one per BullMQ queue name, for the operators' queue dashboard alone:
   * Bull Board lists, retries and removes jobs through its own adapter of a queue.
   */
  queuesForDashboard(): readonly TypedQueue<JobKey>[] {
    return [...this.byQueue.values()];
  }

  /** Adds a job of this kind with the options the catalogue declares for it. */
  async enqueue<K extends JobKey>(kind: K, payload: JobPayload<K>, options: EnqueueOptions = {}): Promise<void> {
    const queue = this.queue(kind) as unknown as TypedQueue<JobKey>;
    await queue.add(JOBS[kind].name, payload, JOB_OPTIONS[kind](payload, options));
  }

  /**
   * Cancels a crawl job. A job still waiting is removed from the queue ('removed': no worker will
   * ever see it, so the caller marks the row cancelled). A job that is missing or already finished
   * ('gone': its row outlived it, and no worker will end it) is left to the caller the same way.
   * Otherwise the holding worker is told over pub/sub and ends the row itself ('signalled'): it stops
   * within a second and keeps what it fetched.
   */
  async cancelCrawl(crawlJobId: string): Promise<CancelOutcome> {
    const job = await this.queue('crawl').getJob(crawlJobId);
    const state = job ? await job.getState() : 'unknown';
    if (!job || state === 'completed' || state === 'failed' || state === 'unknown') {
      // Flagged all the same: a job enqueued after this look (a racing start) is stopped when taken.
      await publishCrawlCancel(this.redis, this.config, crawlJobId);
      return 'gone';
    }
    if (state === 'waiting' || state === 'delayed' || state === 'prioritized') {
      const removed = await job.remove().then(
        () => true,
        () => false, // taken by a worker in the meantime: signal it instead
      );
      if (removed) return 'removed';
    }
    await publishCrawlCancel(this.redis, this.config, crawlJobId);
    return 'signalled';
  }

  /** Whether a cancel was asked for this crawl: a worker looks before it starts the job. */
  isCrawlCancelRequested(crawlJobId: string): Promise<boolean> {
    return isCancelRequested(this.redis, this.config, crawlJobId);
  }

  /** Hears every cancel request (on a connection of its own): a worker cancels the job it holds. */
  subscribeToCrawlCancels(onCancel: (message: CancelMessage) => void): Promise<{ close(): Promise<void> }> {
    return subscribeToCrawlCancels(this.config, onCancel);
  }

  /** Where the crawl's job stands, for the reconciler: a live row whose job is missing or failed needs it. */
  async crawlJobState(crawlJobId: string): Promise<CrawlJobState> {
    const job = await this.queue('crawl').getJob(crawlJobId);
    if (!job) return { state: 'missing', failedReason: null };
    return { state: await job.getState(), failedReason: job.failedReason || null };
  }

  /**
   * Enqueues a crawl again under its id, to resume from its frontier: a finished job under that id would
   * block the add, so it goes first.
   */
  async requeueCrawl(crawlJobId: string): Promise<void> {
    const job = await this.queue('crawl').getJob(crawlJobId);
    if (job) await job.remove().catch(() => undefined);
    await this.enqueue('crawl', { crawlJobId });
  }

  /** How many BullMQ workers take crawls, all processes together (for a fair share of the backlog). */
  crawlWorkersCount(): Promise<number> {
    return this.queue('crawl').getWorkersCount();
  }

  /**
   * Creates or updates the job scheduler `schedulerId` of this kind: each run adds a job with `payload`
   * and the catalogue's options. BullMQ stores a scheduler once, so any number of processes may call this.
   */
  async upsertScheduler<K extends JobKey>(
    kind: K,
    schedulerId: string,
    repeat: RepeatOptions,
    payload: JobPayload<K>,
  ): Promise<void> {
    const queue = this.queue(kind) as unknown as TypedQueue<JobKey>;
    // BullMQ types a scheduler's id like the job name, though any string is one.
    await queue.upsertJobScheduler(schedulerId as JobName<JobKey>, repeat, {
      name: JOBS[kind].name,
      data: payload,
      opts: JOB_OPTIONS[kind](payload, {}),
    });
  }

  async removeScheduler(kind: JobKey, schedulerId: string): Promise<void> {
    await this.queue(kind).removeJobScheduler(schedulerId);
  }

  /** When the scheduler's next run fires; null when there is no such scheduler. */
  async nextScheduledRun(kind: JobKey, schedulerId: string): Promise<Date | null> {
    const scheduler = await this.queue(kind).getJobScheduler(schedulerId);
    return scheduler?.next ? new Date(scheduler.next) : null;
  }

  /** The ids of every job scheduler of this kind. */
  async schedulerIds(kind: JobKey): Promise<string[]> {
    const schedulers = await this.queue(kind).getJobSchedulers(0, -1);
    return schedulers.map((scheduler) => scheduler.key ?? scheduler.id).filter((id): id is string => typeof id === 'string');
  }

  /** Runs a one-URL test crawl on a worker and waits for its result. */
  async runTestCrawl(payload: TestCrawlPayload, timeoutMs = 90_000): Promise<TestCrawlResult> {
    const queue = this.queue('testCrawl');
    const events = await this.testCrawlEvents();
    const job = await queue.add(JOBS.testCrawl.name, payload, JOB_OPTIONS.testCrawl(payload, {}));
    try {
      return await job.waitUntilFinished(events, timeoutMs);
    } finally {
      // A result nobody waits for any more is of no use to anyone.
      await job.remove().catch(() => undefined);
    }
  }

  /** Waiting and active crawl counts, for /api/health. Crawls wait prioritised (fair use): they count as waiting. */
  async crawlCounts(): Promise<Record<string, number>> {
    const { prioritized = 0, ...counts } = await this.queue('crawl').getJobCounts(
      'waiting',
      'prioritized',
      'active',
      'delayed',
      'failed',
    );
    return { ...counts, waiting: (counts.waiting ?? 0) + prioritized };
  }

  /** The live workers, read from their heartbeats. */
  workerHeartbeats(): Promise<WorkerHeartbeat[]> {
    return readWorkerHeartbeats(this.redis, this.config);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  /** A BullMQ worker running jobs of this kind (the worker process's side). */
  work<K extends JobKey>(
    kind: K,
    processor: TypedProcessor<K>,
    options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
  ): TypedWorker<K> {
    return createWorker(this.config, kind, processor, options);
  }

  /**
   * The test-crawl queue's events, read from the stream's last entry as it was before this reader
   * existed: a reader left to start at "new entries only" issues its first read some time after it is
   * ready, and a quick test crawl that finished in between was never heard of (its caller waited out
   * the whole timeout while holding a request open).
   */
  private testCrawlEvents(): Promise<QueueEvents> {
    if (this.testEvents) return this.testEvents;
    this.testEvents = (async () => {
      const queue = this.queue('testCrawl');
      const [last] = (await this.redis.xrevrange(queue.keys.events, '+', '-', 'COUNT', 1)) as [string, string[]][];
      const events = createQueueEvents(this.config, 'testCrawl', last?.[0] ?? '0-0');
      await events.waitUntilReady().catch(async (error: unknown) => {
        await events.close();
        throw error;
      });
      return events;
    })();
    // Redis unreachable now is no reason to refuse every later test crawl: the next one tries again.
    this.testEvents.catch(() => (this.testEvents = undefined));
    return this.testEvents;
  }

  /** Closes the queues and what was made here; after the workers that use them have stopped. */
  async close(): Promise<void> {
    const queues = [...this.byQueue.values()];
    this.byQueue.clear();
    const events = await this.testEvents?.catch(() => undefined);
    await Promise.allSettled([
      ...queues.map((queue) => queue.close()),
      events?.close(),
      this.ownsRedis ? this.redis.quit().catch(() => this.redis.disconnect()) : undefined,
    ]);
  }
}
