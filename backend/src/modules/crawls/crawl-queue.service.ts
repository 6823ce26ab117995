import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { TestCrawlPayload, TestCrawlResult } from '@vendorwatch/contracts';
import {
  APP_CONFIG,
  cancelCrawlJob,
  createQueue,
  createQueueEvents,
  createRedisClient,
  CrawlStarter,
  readWorkerHeartbeats,
  settleRedisClient,
  runTestCrawl,
  type AppConfig,
  type CancelOutcome,
  type WorkerHeartbeat,
} from '@vendorwatch/runtime';
import { CrawlerConfigsRepository, CrawlerSettingsRepository, CrawlJobsRepository, VendorsRepository } from '@vendorwatch/db';
import type { QueueEvents } from 'bullmq';

/**
 * The API's side of the queue: it enqueues, cancels and reads worker heartbeats; it never runs
 * a job. Its connections are producers: while Redis is unreachable a call fails at once (503)
 * rather than holding the request.
 */
@Injectable()
export class CrawlQueueService implements OnModuleInit, OnModuleDestroy {
  private readonly crawlQueue;
  private readonly testQueue;
  private readonly redis;
  /** The one path that starts crawls, shared with the workers' scheduled runs. */
  readonly starter: CrawlStarter;
  private testEvents?: Promise<QueueEvents>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: CrawlJobsRepository,
    vendors: VendorsRepository,
    crawlerSettings: CrawlerSettingsRepository,
    crawlerConfigs: CrawlerConfigsRepository,
  ) {
    this.crawlQueue = createQueue(config, 'crawl', 'producer');
    this.starter = new CrawlStarter({ vendors, crawlerSettings, crawlerConfigs, jobs, queue: this.crawlQueue });
    this.testQueue = createQueue(config, 'testCrawl', 'producer');
    this.redis = createRedisClient(config, 'api', 'producer');
  }

  onModuleInit(): Promise<void> {
    return settleRedisClient(this.redis);
  }

  cancelCrawl(crawlJobId: string): Promise<CancelOutcome> {
    return cancelCrawlJob(this.crawlQueue, this.redis, this.config, crawlJobId);
  }

  async runTestCrawl(payload: TestCrawlPayload): Promise<TestCrawlResult> {
    return runTestCrawl(this.testQueue, await this.queueEvents(), payload);
  }

  workers(): Promise<WorkerHeartbeat[]> {
    return readWorkerHeartbeats(this.redis, this.config);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  /** Waiting and active crawl counts, for /api/health. Crawls wait prioritised (fair use): they count as waiting. */
  async crawlQueueCounts(): Promise<Record<string, number>> {
    const { prioritized = 0, ...counts } = await this.crawlQueue.getJobCounts(
      'waiting',
      'prioritized',
      'active',
      'delayed',
      'failed',
    );
    return { ...counts, waiting: (counts.waiting ?? 0) + prioritized };
  }

  private queueEvents(): Promise<QueueEvents> {
    this.testEvents ??= (async () => {
      const events = createQueueEvents(this.config, 'testCrawl');
      await events.waitUntilReady();
      return events;
    })();
    return this.testEvents;
  }

  async onModuleDestroy(): Promise<void> {
    const events = await this.testEvents?.catch(() => undefined);
    await Promise.allSettled([this.crawlQueue.close(), this.testQueue.close(), events?.close(), this.redis.quit()]);
  }
}
