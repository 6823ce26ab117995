import { Injectable, Logger } from '@nestjs/common';
import { CrawlJobsRepository } from '@vendorwatch/db';
import {
  AlertEvaluator,
  CrawlAssessor,
  CrawlComparator,
  JobQueues,
  reconcileCrawls,
  type ReconcileTally,
  type TypedJob,
} from '@vendorwatch/runtime';
import type { JobHandler } from '../queue/job-handler';

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
    private readonly assessor: CrawlAssessor,
    private readonly comparator: CrawlComparator,
    private readonly alerts: AlertEvaluator,
  ) {}

  async handle(_job?: TypedJob<'reconcileCrawls'>): Promise<ReconcileTally> {
    const tally = await reconcileCrawls(this.queues, this.jobs);
    if (tally.resumed || tally.failed)
      this.logger.log(`Reconciled crawls: ${tally.resumed} resumed, ${tally.failed} ended failed`);
    // A worker that died between completing a crawl and assessing it left the crawl unassessed.
    const assessed = await this.assessor.catchUp(ASSESSMENT_CATCH_UP_MS);
    if (assessed) this.logger.log(`Assessed ${assessed} completed crawls that had no assessment`);
    // Likewise between assessing a crawl and comparing it with the vendor's previous one, and so it
    // was never alerted on (a rule fires once per crawl and channel, so evaluating again is safe).
    const compared = await this.comparator.catchUp(ASSESSMENT_CATCH_UP_MS);
    for (const jobId of compared) await this.alerts.evaluate(jobId);
    if (compared.length) this.logger.log(`Compared ${compared.length} completed crawls that had no change summary`);
    return tally;
  }
}
