import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  APP_CONFIG,
  createQueue,
  createRedisClient,
  settleRedisClient,
  JOBS,
  type AppConfig,
  type JobKey,
  type TypedQueue,
} from '@vendorwatch/runtime';
import type { Redis } from 'ioredis';

/**
 * Every queue of the job catalogue, for operators (metrics and the queue dashboard), and a Redis
 * client for the workers' shared figures. The API's own enqueueing lives in CrawlQueueService.
 */
@Injectable()
export class JobQueuesService implements OnModuleInit, OnModuleDestroy {
  readonly queues: TypedQueue<JobKey>[];
  readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {
    const oneKeyPerQueue = new Map((Object.keys(JOBS) as JobKey[]).map((key) => [JOBS[key].queue, key]));
    this.queues = [...oneKeyPerQueue.values()].map((key) => createQueue(config, key, 'producer') as TypedQueue<JobKey>);
    this.redis = createRedisClient(config, 'api-operator', 'producer');
  }

  onModuleInit(): Promise<void> {
    return settleRedisClient(this.redis);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.queues.map((queue) => queue.close()), this.redis.quit()]);
  }
}
