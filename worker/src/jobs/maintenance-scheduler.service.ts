import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, JOBS, JobQueues, type AppConfig } from '@vendorwatch/runtime';
import { errorMessage } from '../crawl-engine/primitives/errors';
import { ReconcileCrawlsHandler } from './reconcile-crawls.handler';
import { WORKER_OPTIONS, type WorkerOptions } from '../worker-tokens';

/**
 * Housekeeping on a schedule: a BullMQ job scheduler (upserted by every worker, stored once in
 * Redis) fires the reconciler every interval on exactly one worker. Each worker also reconciles
 * once when it starts, so crawls left behind by a crash are picked up without waiting.
 */
@Injectable()
export class MaintenanceScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(MaintenanceScheduler.name);

  constructor(
    private readonly queues: JobQueues,
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
    private readonly reconciler: ReconcileCrawlsHandler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queues.upsertScheduler('reconcileCrawls', JOBS.reconcileCrawls.name, { every: this.options.reconcileEveryMs }, {});
    // The programme's reminders: sent once each whatever the number of workers (see VendorLinkReminderSender).
    await this.queues.upsertScheduler(
      'programmeReminders',
      JOBS.programmeReminders.name,
      { every: this.config.PROGRAMME_REMINDER_INTERVAL_SECONDS * 1000 },
      {},
    );
    // Not awaited: a start-up must not wait on (or fail because of) what the crawls left behind.
    void this.reconciler
      .handle()
      .catch((error: unknown) => this.logger.warn(`Start-up reconcile failed: ${errorMessage(error)}`));
  }
}
