import type { CrawlJobsRepository } from '@vendorwatch/db';
import type { JobQueues } from '../../queue/job-queues';
import type { ReconcileTally } from '../../queue/jobs';
import type { AfterCrawl } from '../after-crawl';

/** A crawl handed back to the queue this often without finishing is ended: something keeps killing it. */
export const MAX_CRAWL_RESUMES = 5;
/** A queued row younger than this may be between its insert and its enqueue: left alone. */
export const QUEUED_GRACE_MS = 15_000;

export type ReconcileOutcome = keyof ReconcileTally;

interface LiveCrawl {
  id: string;
}

/**
 * Makes sure a live crawl row has a BullMQ job that will run it. A job waiting, delayed or
 * active is left alone (BullMQ's stall checks recover an active job whose worker died). A job
 * that is missing — never enqueued (a crash between the row and the job), removed, or finished
 * while the row stayed live — is enqueued again under the row's id (idempotent: a second add is a
 * no-op) and resumes from the frontier. A job that failed for good ends the row 'failed' with its
 * reason. Safe to run from any number of processes at once.
 */
export async function reconcileCrawl(queues: JobQueues, jobs: CrawlJobsRepository, crawl: LiveCrawl): Promise<ReconcileOutcome> {
  const { state, failedReason } = await queues.crawlJobState(crawl.id);
  if (['waiting', 'delayed', 'prioritized', 'waiting-children', 'active'].includes(state)) return 'running';
  if (state === 'failed') {
    const reason = failedReason ?? 'The crawl failed on every attempt';
    return (await jobs.finish(crawl.id, 'failed', {}, reason)) ? 'failed' : 'ended';
  }
  const resumes = await jobs.noteResume(crawl.id);
  if (resumes === 0) return 'ended';
  if (resumes > MAX_CRAWL_RESUMES) {
    const reason = `The crawl stopped ${MAX_CRAWL_RESUMES} times without finishing and was given up`;
    return (await jobs.finish(crawl.id, 'failed', {}, reason)) ? 'failed' : 'ended';
  }
  await queues.requeueCrawl(crawl.id);
  return 'resumed';
}

/** What follows a crawl the reconciler ends as failed: AfterCrawl's steps, under the reconcile job's signal. */
export interface ReconcilerAfterCrawl {
  afterCrawl: Pick<AfterCrawl, 'ended'>;
  signal: AbortSignal;
}

/**
 * Every live crawl, reconciled; returns how many were resumed and failed. A crawl it ends as failed
 * goes through AfterCrawl as one the crawl handler ends does (posture, assessment, `crawl_failed` alerts).
 */
export async function reconcileCrawls(
  queues: JobQueues,
  jobs: CrawlJobsRepository,
  now = new Date(),
  after?: ReconcilerAfterCrawl,
): Promise<ReconcileTally> {
  const tally: ReconcileTally = { running: 0, resumed: 0, failed: 0, ended: 0 };
  for (const crawl of await jobs.listLiveForReconcile(new Date(now.getTime() - QUEUED_GRACE_MS))) {
    const outcome = await reconcileCrawl(queues, jobs, crawl);
    tally[outcome] += 1;
    if (outcome === 'failed') await after?.afterCrawl.ended(crawl.id, 'failed', after.signal);
  }
  return tally;
}
