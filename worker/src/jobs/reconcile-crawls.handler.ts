import { Injectable, Logger } from '@nestjs/common';
import { CrawlJobsRepository } from '@vendorwatch/db';
import { AfterCrawl, JobQueues, reconcileCrawls, type ReconcileTally, type TypedJob } from '@vendorwatch/runtime';
import type { JobHandler, JobRunContext } from '../queue/job-handler';

/** How far back completed crawls without an assessment are caught up (older ones: `npm run reassess`). */
const ASSESSMENT_CATCH_UP_MS = 24 * 3600_000;

/**
 * Every crawl ends or runs: finds live crawl rows whose BullMQ job is missing, failed for good or
 * finished, and enqueues them again or ends them (see reconcileCrawl). Scheduled by the
 * MaintenanceScheduler, so it runs once per interval across any number of workers.
 */
@Injectable()
export class ReconcileCrawlsHandler implements JobHandler<'reconcileCrawls'> {
  readonly job = 'reconcileCrawls' as const;
  private readonly logger = new Logger(ReconcileCrawlsHandler.name);

  constructor(
    private readonly queues: JobQueues,
    private readonly jobs: CrawlJobsRepository,
    private readonly afterCrawl: AfterCrawl,
  ) {}

  async handle(_job?: TypedJob<'reconcileCrawls'>, context?: JobRunContext): Promise<ReconcileTally> {
    // The start-up run has no job: nothing but the process's end stops it, and its lines go to the app's log.
    const signal = context?.signal ?? new AbortController().signal;
    const log = context?.log ?? this.logger;
    const tally = await reconcileCrawls(this.queues, this.jobs, new Date(), { afterCrawl: this.afterCrawl, signal });
    if (tally.resumed || tally.failed) log.log(`Reconciled crawls: ${tally.resumed} resumed, ${tally.failed} ended failed`);
    // A worker that died between ending a crawl and the steps after it (posture, assessment,
    // comparison, alerts), or a crawl the API's reconcile ended, left those steps undone.
    const { assessed, compared, failed } = await this.afterCrawl.catchUp(ASSESSMENT_CATCH_UP_MS, signal);
    if (assessed) log.log(`Assessed ${assessed} completed crawls that had no assessment`);
    if (compared) log.log(`Compared ${compared} completed crawls that had no change summary`);
    if (failed) log.log(`Did the after-crawl steps of ${failed} failed crawls left without them`);
    return tally;
  }
}
