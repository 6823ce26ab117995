import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, JobQueues, JOBS, type AppConfig, type JobKey, type TypedJob, type TypedWorker } from '@vendorwatch/runtime';
import { PinoLogger } from 'nestjs-pino';
import { ABORT_REASONS } from '../crawl-engine/primitives/abort';
import { JOB_HANDLERS, WORKER_ID, WORKER_OPTIONS, type WorkerOptions } from '../worker-tokens';
import { ActiveJobs } from './active-jobs';
import { WorkerAutoscaler } from './autoscaling/worker-autoscaler.service';
import type { JobHandler } from './job-handler';
import { JobLog } from './job-log';

/**
 * How many jobs of each other kind one process runs at once (test crawls are one URL each; upkeep one
 * at a time; a scheduled run only inserts and enqueues, and many vendors may share a minute; alert deliveries
 * wait on other servers).
 */
const FIXED_CONCURRENCY: Partial<Record<JobKey, number>> = {
  testCrawl: 4,
  reconcileCrawls: 1,
  scheduledCrawl: 8,
  deliverAlert: 4,
  programmeReminders: 1,
};

/**
 * One BullMQ Worker per job kind, each routed to its single handler. Cancel requests arrive over
 * Redis pub/sub and abort the job's signal if this process holds it. On shutdown: stop taking jobs,
 * abort running ones with reason 'shutdown' (they hand themselves back to the queue), then close.
 */
@Injectable()
export class QueueWorkersService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(QueueWorkersService.name);
  private readonly workers: TypedWorker<JobKey>[] = [];
  private cancelSubscription: { close(): Promise<void> } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_HANDLERS) private readonly handlers: JobHandler[],
    @Inject(WORKER_OPTIONS) private readonly options: WorkerOptions,
    @Inject(WORKER_ID) private readonly workerId: string,
    private readonly active: ActiveJobs,
    private readonly autoscaler: WorkerAutoscaler,
    private readonly queues: JobQueues,
    private readonly pino: PinoLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const byJob = this.checkHandlers();
    // The shipped software data (Retire.js, the fingerprints) is parsed on the assessment thread, not here.
    this.cancelSubscription = await this.queues.subscribeToCrawlCancels(({ jobId }) => {
      for (const worker of this.workers)
        if (worker.cancelJob(jobId, ABORT_REASONS.cancel)) this.logger.log(`Cancelling job ${jobId}`);
    });
    for (const [key, handler] of byJob) {
      const worker = this.start(key, handler);
      this.workers.push(worker);
      if (key === 'crawl') this.autoscaler.attach(worker as TypedWorker<'crawl'>);
    }
  }

  async onModuleDestroy(): Promise<void> {
    const closing = this.workers.map((worker) => worker.close());
    for (const worker of this.workers) worker.cancelAllJobs(ABORT_REASONS.shutdown);
    await Promise.allSettled(closing);
    await this.cancelSubscription?.close();
  }

  /** Every declared job kind has exactly one handler, or the worker does not start. */
  private checkHandlers(): Map<JobKey, JobHandler> {
    const byJob = new Map<JobKey, JobHandler>();
    for (const handler of this.handlers) {
      if (byJob.has(handler.job)) throw new Error(`Two handlers for job '${handler.job}'`);
      byJob.set(handler.job, handler);
    }
    const missing = (Object.keys(JOBS) as JobKey[]).filter((key) => !byJob.has(key));
    if (missing.length) throw new Error(`No handler for job(s): ${missing.join(', ')}`);
    return byJob;
  }

  private start(key: JobKey, handler: JobHandler): TypedWorker<JobKey> {
    // Three declared parameters: BullMQ passes the AbortSignal only to such processors.
    // Periodic upkeep says what it did at debug; the jobs users start, at info.
    const level = key === 'reconcileCrawls' || key === 'programmeReminders' ? 'debug' : 'log';
    const handlerName = handler.constructor.name;
    const processor = async (job: TypedJob<JobKey>, token: string | undefined, signal: AbortSignal | undefined) => {
      // Every line the job logs carries its id: the handler is given its log, no AsyncLocalStorage is entered (see JobLog).
      const log = new JobLog(this.pino.logger.child({ jobId: job.id, job: key, attempt: job.attemptsMade + 1 }), handlerName);
      const own = log.as(QueueWorkersService.name);
      this.active.add(`${key}:${job.id}`);
      const started = Date.now();
      own[level](`Job ${key} ${job.id} started`);
      try {
        const result = await handler.handle(job as never, { signal: signal ?? new AbortController().signal, token, log });
        const outcome = (result as { status?: unknown }).status;
        own[level](`Job ${key} ${job.id} finished in ${Date.now() - started} ms${outcome ? `: ${String(outcome)}` : ''}`);
        return result;
      } finally {
        this.active.delete(`${key}:${job.id}`);
      }
    };
    const worker = this.queues.work(key, processor as never, {
      name: this.workerId,
      // The crawl queue's concurrency is the autoscaler's to steer; the others' is fixed.
      concurrency: key === 'crawl' ? this.autoscaler.initial : (FIXED_CONCURRENCY[key] ?? 1),
      lockDuration: this.options.lockDurationMs,
      stalledInterval: this.options.stalledIntervalMs,
      maxStalledCount: this.options.maxStalledCount,
    }) as TypedWorker<JobKey>;
    // Another worker may take over a job whose lock we could not renew: stop touching it.
    worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const id of jobIds) worker.cancelJob(id, ABORT_REASONS.lockLost);
    });
    return worker;
  }
}
