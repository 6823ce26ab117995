import { Queue, QueueEvents, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { AppConfig } from '../config';
import { JOBS, type JobKey, type JobName, type JobPayload, type JobResult } from './jobs';
import { watchRedisConnection } from './connection-log';
import { bullConnection, type RedisRole } from './redis';

type QueueConfig = Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>;

export type TypedJob<K extends JobKey> = Job<JobPayload<K>, JobResult<K>, JobName<K>>;
export type TypedQueue<K extends JobKey> = Queue<JobPayload<K>, JobResult<K>, JobName<K>>;
export type TypedWorker<K extends JobKey> = Worker<JobPayload<K>, JobResult<K>, JobName<K>>;
/** BullMQ hands the AbortSignal only to processors that declare all three parameters. */
export type TypedProcessor<K extends JobKey> = (
  job: TypedJob<K>,
  token: string | undefined,
  signal: AbortSignal | undefined,
) => Promise<JobResult<K>>;

/**
 * The queue of one job kind, with the configured prefix and its own Redis connection. The API
 * passes role 'producer': its calls fail at once while Redis is unreachable.
 */
export function createQueue<K extends JobKey>(config: QueueConfig, key: K, role: RedisRole = 'worker'): TypedQueue<K> {
  const queue: TypedQueue<K> = new Queue(JOBS[key].queue, {
    connection: bullConnection(config, role),
    prefix: config.QUEUE_PREFIX,
  });
  watchRedisConnection(queue, `${JOBS[key].queue} queue`);
  return queue;
}

export function createQueueEvents(config: QueueConfig, key: JobKey, lastEventId?: string): QueueEvents {
  const events = new QueueEvents(JOBS[key].queue, {
    connection: bullConnection(config),
    prefix: config.QUEUE_PREFIX,
    lastEventId,
  });
  watchRedisConnection(events, `${JOBS[key].queue} queue events`);
  return events;
}

export function createWorker<K extends JobKey>(
  config: QueueConfig,
  key: K,
  processor: TypedProcessor<K>,
  options: Omit<WorkerOptions, 'connection' | 'prefix'> = {},
): TypedWorker<K> {
  const worker: TypedWorker<K> = new Worker(JOBS[key].queue, processor, {
    ...options,
    connection: bullConnection(config),
    prefix: config.QUEUE_PREFIX,
  });
  watchRedisConnection(worker, `${JOBS[key].queue} worker`);
  return worker;
}
