import type { JobsOptions } from 'bullmq';
import {
  LIMITS,
  QUEUES,
  type CrawlJobPayload,
  type DeliverAlertPayload,
  type CrawlJobStatus,
  type ScheduledCrawlPayload,
  type ScheduleRunOutcome,
  type TestCrawlPayload,
  type TestCrawlResult,
} from '@vendorwatch/contracts';

/** What a crawl job's BullMQ return value holds; the row in PostgreSQL stays the truth. */
export interface CrawlJobResult {
  status: CrawlJobStatus;
  pagesDone: number;
}

/**
 * Every job, declared once: its queue, its BullMQ job name, its payload and its result.
 * Enqueue functions and worker handlers are typed from this map, never by casting.
 */
export const JOBS = {
  crawl: { queue: QUEUES.crawl, name: 'crawl' },
  testCrawl: { queue: QUEUES.testCrawl, name: 'test-crawl' },
  reconcileCrawls: { queue: QUEUES.maintenance, name: 'reconcile-crawls' },
  scheduledCrawl: { queue: QUEUES.schedules, name: 'scheduled-crawl' },
  deliverAlert: { queue: QUEUES.alerts, name: 'deliver-alert' },
  programmeReminders: { queue: QUEUES.programme, name: 'programme-reminders' },
} as const;

/** What a reconcile run did, by outcome (see crawl-reconciler.ts). */
export type ReconcileTally = Record<'running' | 'resumed' | 'failed' | 'ended', number>;

export interface JobTypes {
  crawl: { payload: CrawlJobPayload; result: CrawlJobResult };
  testCrawl: { payload: TestCrawlPayload; result: TestCrawlResult };
  reconcileCrawls: { payload: Record<string, never>; result: ReconcileTally };
  scheduledCrawl: { payload: ScheduledCrawlPayload; result: { status: ScheduleRunOutcome | 'ignored' } };
  deliverAlert: { payload: DeliverAlertPayload; result: { status: 'delivered' | 'failed' } };
  programmeReminders: { payload: Record<string, never>; result: { status: string; sent: number } };
}

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = JobTypes[K]['payload'];
export type JobResult<K extends JobKey> = JobTypes[K]['result'];
export type JobName<K extends JobKey> = (typeof JOBS)[K]['name'];

/**
 * A crawl resumes from its stored frontier, so an attempt that failed for a passing reason
 * (database or Redis hiccup) is worth repeating; the worker ends the row on the last one.
 */
export const CRAWL_JOB_ATTEMPTS = 3;

/** BullMQ's highest priority number (the lowest priority). */
const LOWEST_PRIORITY = 2_097_152;
const KEEP_FINISHED = { removeOnComplete: { age: 24 * 3600, count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } };

/** What an enqueue may add to a job kind's declared options. */
export interface EnqueueOptions {
  /**
   * A crawl's priority: how many crawls its user has queued or running, this one included, so a user's
   * first crawl goes ahead of another user's hundredth (users served in turn, not first come, first
   * served). Every crawl has one (at least 1): BullMQ takes jobs without one before all prioritised jobs.
   */
  userLoad?: number;
}

/**
 * Every job kind's BullMQ options, declared once: `JobQueues.enqueue` adds with them, and the job
 * schedulers (scheduled crawls, the reconciler) fire jobs with them. Jobs whose payload names a row
 * take the row's id as job id, so a double submit adds nothing.
 */
export const JOB_OPTIONS: { [K in JobKey]: (payload: JobPayload<K>, options: EnqueueOptions) => JobsOptions } = {
  crawl: ({ crawlJobId }, { userLoad = 1 }) => ({
    jobId: crawlJobId,
    priority: Math.min(Math.max(1, Math.round(userLoad)), LOWEST_PRIORITY),
    attempts: CRAWL_JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: 5_000 },
    ...KEEP_FINISHED,
  }),
  // Its caller waits for the result and removes the job; one nobody waits for is of no use to anyone.
  testCrawl: () => ({ attempts: 1, removeOnComplete: { age: 3600 }, removeOnFail: { age: 3600 } }),
  reconcileCrawls: () => ({ removeOnComplete: 50, removeOnFail: 50 }),
  // A run is recorded once; one that failed is not repeated (the next run comes anyway).
  scheduledCrawl: () => ({ attempts: 1, ...KEEP_FINISHED }),
  // Failed attempts are retried with exponential backoff.
  deliverAlert: ({ deliveryId }) => ({
    jobId: deliveryId,
    attempts: LIMITS.alerts.deliveryAttempts,
    backoff: { type: 'exponential', delay: LIMITS.alerts.backoffMs },
    ...KEEP_FINISHED,
  }),
  // A run that failed is not repeated: the next one (an interval later) picks up what it left.
  programmeReminders: () => ({ attempts: 1, removeOnComplete: 50, removeOnFail: 50 }),
};
