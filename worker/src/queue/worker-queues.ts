import { createQueue, type AppConfig, type JobKey, type TypedQueue } from '@vendorwatch/runtime';

/**
 * The queues a worker process adds jobs to or reads: one BullMQ producer (one Redis connection) per
 * job kind, made on first use and shared by everything in the process that needs it — the crawl
 * queue has three users (scheduled crawls, the reconciler, the autoscaler). Closed with the
 * worker's resources, after the queue workers have stopped.
 */
export class WorkerQueues {
  private readonly queues = new Map<JobKey, TypedQueue<JobKey>>();

  constructor(private readonly config: AppConfig) {}

  of<K extends JobKey>(key: K): TypedQueue<K> {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = createQueue(this.config, key) as unknown as TypedQueue<JobKey>;
      this.queues.set(key, queue);
    }
    return queue as unknown as TypedQueue<K>;
  }

  async close(): Promise<void> {
    const queues = [...this.queues.values()];
    this.queues.clear();
    await Promise.allSettled(queues.map((queue) => queue.close()));
  }
}
