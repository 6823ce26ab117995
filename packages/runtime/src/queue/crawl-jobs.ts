import type { CrawlJobPayload, TestCrawlPayload, TestCrawlResult } from '@vendorwatch/contracts';
import type { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { publishCrawlCancel } from './cancel';
import { JOBS } from './jobs';
import type { TypedQueue } from './queues';

/**
 * A crawl resumes from its stored frontier, so an attempt that failed for a passing reason
 * (database or Redis hiccup) is worth repeating; the worker ends the row on the last one.
 */
export const CRAWL_JOB_ATTEMPTS = 3;

/** BullMQ's highest priority number (the lowest priority). */
const LOWEST_PRIORITY = 2_097_152;

/**
 * Enqueues the crawl whose row the caller inserted; the row id is the job id, so a double submit
 * adds nothing. `userLoad` is how many crawls its user has queued or running, this one included:
 * it becomes the job's priority, so a user's first crawl goes ahead of another user's hundredth —
 * the queue serves users in turn instead of first come, first served. Every crawl job has a
 * priority (at least 1): BullMQ takes jobs without one before all prioritised jobs.
 */
export async function enqueueCrawlJob(queue: TypedQueue<'crawl'>, crawlJobId: string, userLoad = 1): Promise<void> {
  const payload: CrawlJobPayload = { crawlJobId };
  await queue.add(JOBS.crawl.name, payload, {
    jobId: crawlJobId,
    priority: Math.min(Math.max(1, Math.round(userLoad)), LOWEST_PRIORITY),
    attempts: CRAWL_JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 24 * 3600, count: 1000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });
}

/** Runs a one-URL test crawl on a worker and waits for its result. */
export async function runTestCrawl(
  queue: TypedQueue<'testCrawl'>,
  events: QueueEvents,
  payload: TestCrawlPayload,
  timeoutMs = 90_000,
): Promise<TestCrawlResult> {
  const job = await queue.add(JOBS.testCrawl.name, payload, {
    attempts: 1,
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 3600 },
  });
  try {
    return await job.waitUntilFinished(events, timeoutMs);
  } finally {
    // A result nobody waits for any more is of no use to anyone.
    await job.remove().catch(() => undefined);
  }
}

export type CancelOutcome = 'removed' | 'gone' | 'signalled';

/**
 * Cancels a crawl job. A job still waiting is removed from the queue ('removed': no worker will
 * ever see it, so the caller marks the row cancelled). A job that is missing or already finished
 * ('gone': its row outlived it, and no worker will end it) is left to the caller the same way.
 * Otherwise the holding worker is told over pub/sub and ends the row itself ('signalled'): it stops
 * within a second and keeps what it fetched.
 */
export async function cancelCrawlJob(
  queue: TypedQueue<'crawl'>,
  redis: Redis,
  config: Pick<AppConfig, 'QUEUE_PREFIX'>,
  crawlJobId: string,
): Promise<CancelOutcome> {
  const job = await queue.getJob(crawlJobId);
  const state = job ? await job.getState() : 'unknown';
  if (!job || state === 'completed' || state === 'failed' || state === 'unknown') {
    // Flagged all the same: a job enqueued after this look (a racing start) is stopped when taken.
    await publishCrawlCancel(redis, config, crawlJobId);
    return 'gone';
  }
  if (state === 'waiting' || state === 'delayed' || state === 'prioritized') {
    const removed = await job.remove().then(
      () => true,
      () => false, // taken by a worker in the meantime: signal it instead
    );
    if (removed) return 'removed';
  }
  await publishCrawlCancel(redis, config, crawlJobId);
  return 'signalled';
}
