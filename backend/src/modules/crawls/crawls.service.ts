import { Injectable } from '@nestjs/common';
import {
  DEFAULT_CRAWL_RUN_SETTINGS,
  isTerminalStatus,
  MESSAGES,
  type CrawlHistoryQuery,
  type CrawlJob,
  type CrawlPage,
  type CrawlSessionRef,
  type ListWindow,
  type Paginated,
  type StartCrawl,
  type StartSession,
  type TestCrawl,
  type TestCrawlResult,
} from '@vendorwatch/contracts';
import { CrawlJobsRepository, CrawlPagesRepository, type WorkspaceId } from '@vendorwatch/db';
import { CrawlStarter, CrawlStartRefused, JobQueues, type CrawlStartRefusal } from '@vendorwatch/runtime';
import { BadRequestError, DomainError, NotFoundError } from '../../common/errors';
import { noteForAudit } from '../audit-log/audit-notes';
import { CrawlerConfigsService } from '../crawler-configs/crawler-configs.service';
import { toCrawlJob, toCrawlPage } from './crawl-job.mapper';

/** The API's answer to each reason a crawl cannot start. */
const REFUSAL_STATUS: Record<CrawlStartRefusal, 400 | 404 | 503> = {
  vendorNotFound: 404,
  noStartUrls: 400,
  noWebsiteAddress: 400,
  apiKeyRequired: 400,
  queueUnavailable: 503,
  startFailed: 503,
};

/** How long a cancel request waits for the worker to confirm before answering with the row as it is. */
const CANCEL_WAIT_MS = 3000;

export interface StartedCrawl {
  job: CrawlJob;
  /** false: the vendor already had a crawl queued or running, and this is that one. */
  created: boolean;
}

@Injectable()
export class CrawlsService {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly pages: CrawlPagesRepository,
    private readonly starter: CrawlStarter,
    private readonly queues: JobQueues,
    private readonly crawlerConfigs: CrawlerConfigsService,
  ) {}

  /**
   * The shared start path (see CrawlStarter), its refusals turned into HTTP answers (REFUSAL_STATUS).
   * `userId`: who starts it (a person, or an API key's creator), recorded on the row.
   */
  async start(workspaceId: WorkspaceId, userId: string, input: StartCrawl, sessionId?: string): Promise<StartedCrawl> {
    const { api_key: _key, ...settings } = input.settings;
    try {
      const { row, vendor, created } = await this.starter.start({
        workspaceId,
        userId,
        vendorId: input.vendorId,
        method: input.method,
        settings,
        sessionId,
      });
      noteForAudit({ vendorName: vendor.name, created });
      // A crawl just started or still going has no report yet.
      return { job: toCrawlJob({ ...row, vendorName: vendor.name, reportId: null }), created };
    } catch (error) {
      if (error instanceof CrawlStartRefused) throw new DomainError(REFUSAL_STATUS[error.reason], error.message);
      throw error;
    }
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<CrawlJob> {
    const row = await this.jobs.find(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.crawls.jobNotFound);
    return toCrawlJob(row);
  }

  async active(workspaceId: WorkspaceId): Promise<CrawlJob[]> {
    return (await this.jobs.listActive(workspaceId)).map(toCrawlJob);
  }

  async history(workspaceId: WorkspaceId, query: CrawlHistoryQuery): Promise<Paginated<CrawlJob>> {
    const { page, limit, from, to, ...filters } = query;
    const { rows, total } = await this.jobs.list(
      workspaceId,
      { ...filters, from: from ? new Date(from) : undefined, to: to ? endOfDay(to) : undefined },
      page,
      limit,
    );
    return { items: rows.map(toCrawlJob), total, page, limit };
  }

  /**
   * A waiting job is removed and ended here, as is a row whose job is gone (nothing else would end
   * it); a running one is stopped by its worker within a second.
   */
  async cancel(workspaceId: WorkspaceId, id: string): Promise<CrawlJob> {
    const job = await this.get(workspaceId, id);
    if (job.status !== 'queued' && job.status !== 'running') throw new BadRequestError(MESSAGES.crawls.notCancellable);
    noteForAudit({ vendorName: job.vendorName, statusBefore: job.status });
    const outcome = await this.queues.cancelCrawl(id);
    if (outcome !== 'signalled') await this.jobs.finish(id, 'cancelled');
    else await this.waitUntilEnded(workspaceId, id, CANCEL_WAIT_MS);
    return this.get(workspaceId, id);
  }

  /** The worker ends a signalled job within a second; answering after it did spares clients a poll. */
  private async waitUntilEnded(workspaceId: WorkspaceId, id: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const row = await this.jobs.find(workspaceId, id);
      if (!row || isTerminalStatus(row.status)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async results(workspaceId: WorkspaceId, id: string, page: number, limit: number): Promise<Paginated<CrawlPage>> {
    await this.get(workspaceId, id);
    const { rows, total } = await this.pages.listByJob(workspaceId, id, page, limit);
    return { items: rows.map(toCrawlPage), total, page, limit };
  }

  async screenshotPath(workspaceId: WorkspaceId, jobId: string, pageId: string): Promise<string> {
    const page = await this.pages.find(workspaceId, jobId, pageId);
    if (!page?.screenshotPath) throw new NotFoundError(MESSAGES.crawls.screenshotNotFound);
    return page.screenshotPath;
  }

  /** One URL, now, on a worker: the API itself never runs a browser. */
  async test(workspaceId: WorkspaceId, userId: string, input: TestCrawl): Promise<TestCrawlResult> {
    let crawlerConfigId: string | undefined;
    if (input.method === 'api') {
      const credentials = await this.crawlerConfigs.activeCredentials(workspaceId);
      if (!credentials) throw new BadRequestError(MESSAGES.crawls.apiKeyRequiredForApiMethod);
      crawlerConfigId = credentials.configId;
    }
    const workers = await this.queues.workerHeartbeats();
    if (workers.length === 0) throw new DomainError(503, MESSAGES.crawls.degraded);
    try {
      return await this.queues.runTestCrawl({
        userId,
        workspaceId,
        url: input.url,
        method: input.method,
        settings: input.settings,
        crawlerConfigId,
      });
    } catch (error) {
      throw new DomainError(502, `${MESSAGES.crawls.testCrawlFailed}: ${(error as Error).message}`);
    }
  }

  // --- The crawler page's session API (its start-crawler / stop-crawler calls). ---

  /**
   * Crawls through the workspace's scraping API when one is configured, else by plain HTTP. When the vendor
   * already has a crawl going, the answer is that crawl with its own session — null when it was started
   * elsewhere, and the page then follows it by its job id.
   */
  async startSession(workspaceId: WorkspaceId, userId: string, input: StartSession): Promise<CrawlJob> {
    const method = input.method ?? ((await this.crawlerConfigs.activeCredentials(workspaceId)) ? 'api' : 'http');
    const { job } = await this.start(
      workspaceId,
      userId,
      { vendorId: input.vendor_id, method, settings: { ...DEFAULT_CRAWL_RUN_SETTINGS } },
      input.session_id,
    );
    return job;
  }

  async stopSession(workspaceId: WorkspaceId, crawl: CrawlSessionRef): Promise<CrawlJob> {
    const job =
      'sessionId' in crawl
        ? await this.jobs.findBySession(workspaceId, crawl.sessionId)
        : await this.jobs.find(workspaceId, crawl.jobId);
    if (!job) throw new NotFoundError(MESSAGES.crawls.sessionNotFound);
    if (job.status === 'queued' || job.status === 'running') return this.cancel(workspaceId, job.id);
    noteForAudit({ alreadyEnded: job.status });
    return toCrawlJob(job);
  }

  async sessionResults(workspaceId: WorkspaceId, crawl: CrawlSessionRef, window?: ListWindow): Promise<CrawlPage[]> {
    return (await this.pages.listBySession(workspaceId, crawl, window)).map(toCrawlPage);
  }
}

/** A date-only `to` includes that whole day. */
const endOfDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value));
