import { Inject, Injectable, Logger } from '@nestjs/common';
import { CRAWL_METHODS, type CrawlMethod } from '@vendorwatch/contracts';
import { CrawlFrontierRepository, CrawlJobsRepository, CrawlPagesRepository } from '@vendorwatch/db';
import { APP_CONFIG, isCancelRequested, type AppConfig, type CrawlJobResult, type TypedJob } from '@vendorwatch/runtime';
import { UnrecoverableError, WaitingError } from 'bullmq';
import type { Redis } from 'ioredis';
import { ABORT_REASONS, abortReasonOf, CrawlAbortedError } from '../crawl-engine/abort';
import { planFromRow } from '../crawl-engine/crawl-plan';
import { Crawler } from '../crawl-engine/crawler';
import { CriticalCrawlError, errorMessage } from '../crawl-engine/errors';
import type { Fetcher } from '../crawl-engine/fetcher';
import { FetcherFactory } from '../crawl-engine/fetcher-factory';
import { ProgressReporter } from '../crawl-engine/progress';
import type { JobHandler, JobRunContext } from '../queue/job-handler';
import { WORKER_REDIS } from '../worker-tokens';

/**
 * A crawl job: running → completed | failed | cancelled. The row is the truth; the frontier makes
 * every attempt (after a crash, a shutdown or a retry) continue where the last one stopped.
 */
@Injectable()
export class CrawlJobHandler implements JobHandler<'crawl'> {
  readonly job = 'crawl' as const;
  private readonly logger = new Logger(CrawlJobHandler.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(WORKER_REDIS) private readonly redis: Redis,
    private readonly jobs: CrawlJobsRepository,
    private readonly frontier: CrawlFrontierRepository,
    private readonly pages: CrawlPagesRepository,
    private readonly fetchers: FetcherFactory,
    private readonly crawler: Crawler,
  ) {}

  async handle(job: TypedJob<'crawl'>, { signal, token }: JobRunContext): Promise<CrawlJobResult> {
    const id = job.data.crawlJobId;
    if (await isCancelRequested(this.redis, this.config, id)) return this.end(id, 'cancelled');
    const row = await this.jobs.markRunning(id);
    if (!row) {
      // Already terminal (cancelled while queued, or finished by an earlier attempt): nothing to do.
      const current = await this.jobs.findById(id);
      return { status: current?.status ?? 'failed', pagesDone: current?.pagesDone ?? 0 };
    }
    const progress = new ProgressReporter(id, this.frontier, this.jobs, (p) => job.updateProgress(p));
    let fetcher: Fetcher | null = null;
    try {
      if (!CRAWL_METHODS.includes(row.method as CrawlMethod)) throw new CriticalCrawlError(`Unknown crawl method: ${row.method}`);
      const { plan, fetcher: request } = planFromRow(row, this.config.CRAWL_MIN_DELAY_MS);
      fetcher = await this.fetchers.create(request);
      await this.crawler.run(plan, fetcher, signal, progress);
      const summary = await this.pages.summarize(id);
      // A crawl that got no answer from any page (refused, unreachable) failed, and says why.
      if (summary.total > 0 && summary.answered === 0)
        return await this.end(id, 'failed', progress, summary.firstError ?? 'No page could be fetched');
      return await this.end(id, 'completed', progress);
    } catch (error) {
      const reason = error instanceof CrawlAbortedError ? error.reason : abortReasonOf(signal);
      if (reason === ABORT_REASONS.cancel) {
        await this.frontier.releaseInProgress(id);
        return this.end(id, 'cancelled', progress);
      }
      if (reason === ABORT_REASONS.shutdown) {
        // Hand the job back without using up an attempt: another worker resumes it from the frontier.
        await this.frontier.releaseInProgress(id);
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (reason === ABORT_REASONS.lockLost) throw new Error('Job lock lost; another worker continues this crawl');
      if (error instanceof CriticalCrawlError) {
        await this.end(id, 'failed', progress, error.message);
        throw new UnrecoverableError(error.message);
      }
      await this.frontier.releaseInProgress(id).catch(() => undefined);
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      this.logger.error(`Crawl ${id} attempt ${job.attemptsMade + 1} failed: ${errorMessage(error)}`);
      if (lastAttempt) await this.end(id, 'failed', progress, errorMessage(error)).catch(() => undefined);
      throw error;
    } finally {
      await fetcher?.close().catch(() => undefined);
    }
  }

  private async end(
    id: string,
    status: 'completed' | 'failed' | 'cancelled',
    progress?: ProgressReporter,
    error: string | null = null,
  ): Promise<CrawlJobResult> {
    const counts = progress ? await progress.current() : undefined;
    const final = counts && status === 'completed' ? { ...counts, progress: 100 } : counts;
    await this.jobs.finish(id, status, final, error);
    return { status, pagesDone: counts?.pagesDone ?? 0 };
  }
}
