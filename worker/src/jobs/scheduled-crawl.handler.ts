import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MESSAGES, crawlRunSettingsInputSchema, type ScheduleRunOutcome } from '@vendorwatch/contracts';
import {
  CrawlerConfigsRepository,
  CrawlerSettingsRepository,
  CrawlJobsRepository,
  SchedulesRepository,
  VendorsRepository,
} from '@vendorwatch/db';
import {
  APP_CONFIG,
  CrawlStarter,
  CrawlStartRefused,
  JobQueues,
  UserAllowance,
  VendorSchedulers,
  type AppConfig,
  type JobResult,
  type TypedJob,
} from '@vendorwatch/runtime';
import type { Redis } from 'ioredis';
import { errorMessage } from '../crawl-engine/primitives/errors';
import type { JobHandler } from '../queue/job-handler';
import { WORKER_REDIS } from '../worker-tokens';

/**
 * One run of a vendor's schedule, fired by its BullMQ job scheduler on exactly one worker. The run is
 * claimed in the database under its job id first (a job delivered twice acts once), then the crawl is
 * started by the same path as `POST /api/crawls` — which starts nothing while the vendor's previous
 * crawl is queued or running: the run is then recorded as skipped. A scheduled start counts against
 * the crawl-start allowance of the schedule's creator like one by hand; beyond it the run is skipped, with the reason.
 */
@Injectable()
export class ScheduledCrawlHandler implements JobHandler<'scheduledCrawl'>, OnApplicationBootstrap {
  readonly job = 'scheduledCrawl' as const;
  private readonly logger = new Logger(ScheduledCrawlHandler.name);
  private readonly starter: CrawlStarter;
  private readonly schedulers: VendorSchedulers;
  private readonly allowance: UserAllowance;

  constructor(
    queues: JobQueues,
    private readonly schedules: SchedulesRepository,
    jobs: CrawlJobsRepository,
    vendors: VendorsRepository,
    crawlerSettings: CrawlerSettingsRepository,
    crawlerConfigs: CrawlerConfigsRepository,
    @Inject(WORKER_REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.starter = new CrawlStarter({ vendors, crawlerSettings, crawlerConfigs, jobs, queues });
    this.schedulers = new VendorSchedulers(queues);
    this.allowance = new UserAllowance(redis, config);
  }

  /** The database is the truth: at start, the job schedulers in Redis are made to match it. */
  onApplicationBootstrap(): void {
    // Not awaited: a start-up must not wait on (or fail because of) the schedules.
    void this.schedules
      .listAllActive()
      .then((rows) => this.schedulers.reconcile(rows))
      .then(({ upserted, removed }) => {
        if (removed) this.logger.log(`Schedules reconciled: ${upserted} kept, ${removed} stale schedulers removed`);
      })
      .catch((error: unknown) => this.logger.warn(`Schedule reconcile failed: ${errorMessage(error)}`));
  }

  async handle(job: TypedJob<'scheduledCrawl'>): Promise<JobResult<'scheduledCrawl'>> {
    const { vendorId, userId } = job.data;
    const schedule = await this.schedules.findByVendor(vendorId);
    if (!schedule || schedule.kind === 'off' || schedule.userId !== userId) {
      // A scheduler the database no longer knows (vendor deleted while Redis was away): it goes.
      await this.schedulers.remove(vendorId);
      return { status: 'ignored' };
    }
    const { workspaceId } = schedule;
    const run = await this.schedules.claimRun({ vendorId, userId, workspaceId, runKey: job.id!, scheduledFor: slotOf(job) });
    if (!run) return { status: 'ignored' };

    let outcome: ScheduleRunOutcome;
    let reason: string | null = null;
    let crawlJobId: string | null = null;
    if (await this.schedules.isPaused(workspaceId)) {
      outcome = 'skipped';
      reason = MESSAGES.schedules.skippedPaused;
    } else if (!(await this.allowance.consume('crawlStarts', userId)).allowed) {
      outcome = 'skipped';
      reason = MESSAGES.schedules.skippedAllowance;
    } else {
      try {
        const settings = crawlRunSettingsInputSchema.parse(schedule.settings);
        const started = await this.starter.start({ workspaceId, userId, vendorId, method: schedule.method, settings });
        crawlJobId = started.row.id;
        outcome = started.created ? 'started' : 'skipped';
        if (!started.created) reason = MESSAGES.schedules.skippedBusy;
      } catch (error) {
        if (!(error instanceof CrawlStartRefused)) throw error;
        outcome = 'failed';
        reason = error.message;
      }
    }
    await this.schedules.recordRun(run.id, outcome, reason, crawlJobId);
    return { status: outcome };
  }
}

/** The time slot the run was scheduled for: BullMQ names a scheduler's jobs `repeat:<scheduler>:<millis>`. */
function slotOf(job: TypedJob<'scheduledCrawl'>): Date {
  const millis = Number(job.id?.split(':').at(-1));
  return new Date(Number.isFinite(millis) && millis > 0 ? millis : job.timestamp);
}
