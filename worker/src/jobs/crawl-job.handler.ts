import { Inject, Injectable } from '@nestjs/common';
import { CRAWL_METHODS, isTerminalStatus, type CrawlMethod } from '@vendorwatch/contracts';
import {
  CrawlFrontierRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
  databaseErrorMessage,
  isDatabaseUnavailable,
  untilDatabaseAnswers,
  waitForDatabase,
  withoutQueryText,
  type Database,
} from '@vendorwatch/db';
import {
  AfterCrawl,
  APP_CONFIG,
  DATABASE,
  JobQueues,
  type AppConfig,
  type CrawlJobResult,
  type TypedJob,
} from '@vendorwatch/runtime';
import { DelayedError, UnrecoverableError, WaitingError } from 'bullmq';
import { ABORT_REASONS, abortReasonOf, CrawlAbortedError, throwIfAborted } from '../crawl-engine/primitives/abort';
import { planFromRow } from '../crawl-engine/loop/crawl-plan';
import { Crawler } from '../crawl-engine/loop/crawler';
import { CriticalCrawlError, errorMessage, UnexpectedCrawlError } from '../crawl-engine/primitives/errors';
import type { Fetcher } from '../crawl-engine/fetchers/fetcher';
import { FetcherFactory } from '../crawl-engine/fetchers/fetcher-factory';
import { progressIntervalMs, ProgressReporter } from '../crawl-engine/loop/progress';
import { WorkerMetrics } from '../metrics/worker-metrics';
import { ActiveJobs } from '../queue/active-jobs';
import type { JobHandler, JobRunContext } from '../queue/job-handler';
import type { JobLog } from '../queue/job-log';

type TerminalStatus = 'completed' | 'failed' | 'cancelled';

/** What the steps that end a crawl need of the job's run: its signal, and the job's log for AfterCrawl's lines. */
interface Run {
  signal: AbortSignal;
  afterCrawlLog: JobLog;
}

/** A terminal write keeps being retried this long while the database is unreachable; then the reconciler takes over. */
const TERMINAL_WRITE_PATIENCE_MS = 10 * 60_000;
/** How soon a crawl held back by its user's running-crawls cap looks again. */
const USER_BUSY_RETRY_MS = 5_000;

/**
 * A crawl job: running → completed | failed | cancelled. The row is the truth; the frontier makes
 * every attempt (after a crash, a shutdown, a retry or a database outage) continue where the last
 * one stopped. A crawl is completed only when its frontier has nothing left to fetch.
 */
@Injectable()
export class CrawlJobHandler implements JobHandler<'crawl'> {
  readonly job = 'crawl' as const;
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: JobQueues,
    @Inject(DATABASE) private readonly db: Database,
    private readonly jobs: CrawlJobsRepository,
    private readonly frontier: CrawlFrontierRepository,
    private readonly pages: CrawlPagesRepository,
    private readonly fetchers: FetcherFactory,
    private readonly crawler: Crawler,
    private readonly afterCrawl: AfterCrawl,
    private readonly metrics: WorkerMetrics,
    private readonly active: ActiveJobs,
  ) {}

  /**
   * Runs the crawl; when the database goes away mid-crawl, waits for it (the job keeps its lock
   * through Redis) and resumes from the frontier instead of failing the attempt.
   */
  async handle(job: TypedJob<'crawl'>, context: JobRunContext): Promise<CrawlJobResult> {
    for (;;) {
      try {
        return await this.attempt(job, context);
      } catch (error) {
        if (!isDatabaseUnavailable(error) || context.signal.aborted) throw error;
        context.log.warn(
          `Crawl ${job.data.crawlJobId}: database unreachable (${databaseErrorMessage(error)}); resuming when it answers`,
        );
        await waitForDatabase(this.db, { signal: context.signal });
        context.log.log(`Crawl ${job.data.crawlJobId}: database answers again; resuming`);
      }
    }
  }

  private async attempt(job: TypedJob<'crawl'>, { signal, token, log }: JobRunContext): Promise<CrawlJobResult> {
    const id = job.data.crawlJobId;
    const run: Run = { signal, afterCrawlLog: log.as(AfterCrawl.name) };
    if (await this.queues.isCrawlCancelRequested(id)) return this.end(id, 'cancelled', run);
    const row = await this.jobs.markRunningWithinCap(id, this.config.CRAWLS_RUNNING_PER_USER);
    if (row === 'busy') {
      // The user has as many crawls running as they may: this one waits (its place kept by its
      // priority) and the worker's slot goes to someone else's crawl meanwhile.
      await job.moveToDelayed(Date.now() + USER_BUSY_RETRY_MS, token);
      throw new DelayedError();
    }
    if (!row) {
      // Already terminal (cancelled while queued, or finished by an earlier attempt): nothing to do.
      const current = await this.jobs.findById(id);
      return { status: current?.status ?? 'failed', pagesDone: current?.pagesDone ?? 0 };
    }
    const progress = new ProgressReporter(
      id,
      this.frontier,
      (p) => job.updateProgress(p),
      () => progressIntervalMs(this.active.countOf('crawl')),
    );
    let fetcher: Fetcher | null = null;
    try {
      if (!CRAWL_METHODS.includes(row.method as CrawlMethod)) throw new CriticalCrawlError(`Unknown crawl method: ${row.method}`);
      const { plan, fetcher: request } = planFromRow(row, this.config.CRAWL_MIN_DELAY_MS);
      fetcher = this.metrics.meter(await this.fetchers.create(request));
      await this.crawler.run(plan, fetcher, signal, progress);
      return await this.finish(id, progress, run);
    } catch (error) {
      const reason = error instanceof CrawlAbortedError ? error.reason : abortReasonOf(signal);
      if (reason === ABORT_REASONS.cancel) {
        await this.persist(() => this.frontier.releaseInProgress(id));
        return this.end(id, 'cancelled', run, progress);
      }
      if (reason === ABORT_REASONS.shutdown) {
        // Hand the job back without using up an attempt: another worker resumes it from the frontier.
        await this.frontier.releaseInProgress(id);
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (reason === ABORT_REASONS.lockLost) throw new Error('Job lock lost; another worker continues this crawl');
      if (isDatabaseUnavailable(error)) throw withoutQueryText(error);
      if (error instanceof CriticalCrawlError) {
        await this.end(id, 'failed', run, progress, error.message);
        throw new UnrecoverableError(error.message);
      }
      // A bug or a passing failure: this attempt fails loudly; BullMQ tries again (resuming from the
      // frontier) and the last attempt ends the row with the reason.
      const where = error instanceof UnexpectedCrawlError ? ` at ${error.url}` : '';
      log.error(`Crawl ${id} attempt ${job.attemptsMade + 1} failed${where}: ${errorMessage(error)}`, error);
      await this.frontier.releaseInProgress(id).catch(() => undefined);
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.end(id, 'failed', run, progress, userFacing(error));
      // BullMQ keeps the message (the queue dashboard shows it): no statement, no bind parameters.
      throw withoutQueryText(error);
    } finally {
      await fetcher?.close().catch(() => undefined);
    }
  }

  /**
   * The crawl loop found nothing left to claim: the row is completed — in the same statement that
   * checks no frontier row is pending or in progress — and AfterCrawl does what follows (posture,
   * assessment, comparison, alerts; a step that fails is logged and caught up later, the crawl stays
   * completed). If pages are left, this attempt fails and the next one fetches them: a crawl never
   * completes with pages left behind.
   */
  private async finish(id: string, progress: ProgressReporter, run: Run): Promise<CrawlJobResult> {
    const { signal, afterCrawlLog } = run;
    const summary = await this.pages.summarize(id);
    // A crawl that got no answer from any page (refused, unreachable) failed, and says why.
    if (summary.total > 0 && summary.answered === 0)
      return this.end(id, 'failed', run, progress, summary.firstError ?? 'No page could be fetched');
    // The posture is the crawl's last phase: read while the crawl still runs, so a cancel stops it
    // (the crawl ends cancelled) and it counts against the user's running crawls.
    await this.afterCrawl.readPosture(id, signal, { log: afterCrawlLog });
    throwIfAborted(signal);
    const counts = await progress.current();
    if (await this.persist(() => this.jobs.complete(id, { ...counts, progress: 100 }))) {
      this.metrics.crawlFinished('completed');
      await this.afterCrawl.ended(id, 'completed', signal, { postureRead: true, log: afterCrawlLog });
      return { status: 'completed', pagesDone: counts.pagesDone };
    }
    const row = await this.jobs.findById(id);
    if (row && isTerminalStatus(row.status)) return { status: row.status, pagesDone: row.pagesDone };
    const left = await this.frontier.counts(id);
    throw new Error(`Crawl ${id} still has ${left.pending} pending and ${left.inProgress} in-progress pages; resuming them`);
  }

  /**
   * Ends the row, then what follows the ending (AfterCrawl: for a failed crawl its posture, what can be
   * judged without pages, its alerts) — only when this call ended it: a row another attempt or the
   * reconciler ended has had, or gets, its own after-crawl steps.
   */
  private async end(
    id: string,
    status: TerminalStatus,
    { signal, afterCrawlLog }: Run,
    progress?: ProgressReporter,
    error: string | null = null,
  ): Promise<CrawlJobResult> {
    // A failing crawl's posture is read while it still runs, as a completing one's (see finish).
    const postureRead = status === 'failed';
    if (postureRead) await this.afterCrawl.readPosture(id, signal, { log: afterCrawlLog });
    const counts = progress ? await this.persist(() => progress.current()) : undefined;
    const ended = await this.persist(() => this.jobs.finish(id, status, counts, error));
    this.metrics.crawlFinished(status);
    if (ended) await this.afterCrawl.ended(id, status, signal, { postureRead, log: afterCrawlLog });
    return { status, pagesDone: counts?.pagesDone ?? 0 };
  }

  /** A write that ends a crawl waits out a database outage: a crawl must not stay 'running' because of one. */
  private persist<T>(write: () => Promise<T>): Promise<T> {
    return untilDatabaseAnswers(write, { maxWaitMs: TERMINAL_WRITE_PATIENCE_MS });
  }
}

/** What the user reads on a failed crawl: the driver's message for a database error, never its SQL. */
function userFacing(error: unknown): string {
  const message = error instanceof UnexpectedCrawlError ? error.message : databaseErrorMessage(error);
  return message.length > 500 ? `${message.slice(0, 497)}...` : message;
}
