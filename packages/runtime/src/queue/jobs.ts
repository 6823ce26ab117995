import {
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
} as const;

/** What a reconcile run did, by outcome (see crawl-reconciler.ts). */
export type ReconcileTally = Record<'running' | 'resumed' | 'failed' | 'ended', number>;

export interface JobTypes {
  crawl: { payload: CrawlJobPayload; result: CrawlJobResult };
  testCrawl: { payload: TestCrawlPayload; result: TestCrawlResult };
  reconcileCrawls: { payload: Record<string, never>; result: ReconcileTally };
  scheduledCrawl: { payload: ScheduledCrawlPayload; result: { status: ScheduleRunOutcome | 'ignored' } };
  deliverAlert: { payload: DeliverAlertPayload; result: { status: 'delivered' | 'failed' } };
}

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = JobTypes[K]['payload'];
export type JobResult<K extends JobKey> = JobTypes[K]['result'];
export type JobName<K extends JobKey> = (typeof JOBS)[K]['name'];
