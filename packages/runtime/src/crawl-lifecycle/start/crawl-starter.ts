import {
  LIMITS,
  MESSAGES,
  rendersInBrowser,
  type CrawlMethod,
  type CrawlScope,
  type CrawlRunSettings,
} from '@vendorwatch/contracts';
import type {
  CrawlerConfigsRepository,
  CrawlerSettingsRepository,
  CrawlJobRow,
  CrawlJobsRepository,
  VendorRow,
  VendorsRepository,
  WorkspaceId,
} from '@vendorwatch/db';
import { isRedisUnavailable } from '../../queue/connection-log';
import { QUEUED_GRACE_MS, reconcileCrawl } from './crawl-reconciler';
import type { JobQueues } from '../../queue/job-queues';

type CrawlerSettingsRow = NonNullable<Awaited<ReturnType<CrawlerSettingsRepository['find']>>>;

/** What a crawl of this vendor covers: its saved crawler settings, else the defaults from its URL. */
export function crawlScopeOf(vendor: VendorRow, saved: CrawlerSettingsRow | undefined): CrawlScope & { saved: boolean } {
  if (saved) {
    const { maxPages, crawlDelay, startUrls, allowedDomains, excludePatterns, keepQueryParams } = saved;
    const { ignoreSelectors, ignoreTextPatterns } = saved;
    return {
      saved: true,
      ...{ maxPages, crawlDelay, startUrls, allowedDomains, excludePatterns, keepQueryParams },
      ...{ ignoreSelectors, ignoreTextPatterns },
    };
  }
  return {
    saved: false,
    maxPages: LIMITS.maxPages.default,
    crawlDelay: LIMITS.crawlDelayMs.default,
    startUrls: vendor.url ? [vendor.url] : [],
    allowedDomains: [],
    excludePatterns: [],
    keepQueryParams: [],
    ignoreSelectors: [],
    ignoreTextPatterns: [],
  };
}

/** Why a crawl cannot start; an API maps each reason to its answer. */
export type CrawlStartRefusal =
  | 'vendorNotFound'
  | 'noStartUrls'
  /** The vendor was saved without a URL (the specification allows it) and no start URL was set either. */
  | 'noWebsiteAddress'
  | 'apiKeyRequired'
  /** Redis is unreachable: the queue refused the job. */
  | 'queueUnavailable'
  /** The job could not be enqueued, or the vendor's live crawl ended and starting again kept failing. */
  | 'startFailed';

const REFUSAL_MESSAGES: Record<CrawlStartRefusal, string> = {
  vendorNotFound: MESSAGES.vendors.notFound,
  noStartUrls: MESSAGES.crawlerSettings.startUrlsRequired,
  noWebsiteAddress: MESSAGES.crawls.noWebsiteAddress,
  apiKeyRequired: MESSAGES.crawls.apiKeyRequiredForApiMethod,
  queueUnavailable: MESSAGES.generic.queueUnavailable,
  startFailed: MESSAGES.crawls.startJobFailed,
};

/** A crawl that cannot start, with the reason (and the catalogue's message for it). */
export class CrawlStartRefused extends Error {
  constructor(readonly reason: CrawlStartRefusal) {
    super(REFUSAL_MESSAGES[reason]);
    this.name = 'CrawlStartRefused';
  }
}

export interface CrawlStartRequest {
  /** The workspace the vendor is in: its crawler settings and active configuration are read there. */
  workspaceId: WorkspaceId;
  /** Who starts it (a person, an API key's creator, a schedule's creator): the row records them. */
  userId: string;
  vendorId: string;
  method: CrawlMethod;
  settings: CrawlRunSettings;
  sessionId?: string | null;
}

export interface CrawlStart {
  row: CrawlJobRow;
  vendor: VendorRow;
  /** false: the vendor already had a crawl queued or running, and `row` is that one. */
  created: boolean;
}

export interface CrawlStarterDeps {
  vendors: VendorsRepository;
  crawlerSettings: CrawlerSettingsRepository;
  crawlerConfigs: CrawlerConfigsRepository;
  jobs: CrawlJobsRepository;
  queues: JobQueues;
}

/**
 * The one way a crawl starts, for `POST /api/crawls`, the crawler page's sessions and scheduled
 * runs alike: the row is inserted unless the vendor has a live crawl (a unique index decides), then
 * enqueued under the row's id. The vendor's saved crawler settings decide the scope; method `api`
 * needs the workspace's active configuration (whose key the worker reads from the database — keys never
 * travel through Redis).
 */
export class CrawlStarter {
  constructor(private readonly deps: CrawlStarterDeps) {}

  async start(request: CrawlStartRequest, tries = 3): Promise<CrawlStart> {
    const { vendors, crawlerSettings, crawlerConfigs, jobs, queues } = this.deps;
    const vendor = await vendors.findInWorkspace(request.workspaceId, request.vendorId);
    if (!vendor) throw new CrawlStartRefused('vendorNotFound');
    const { saved: _saved, ...scope } = crawlScopeOf(vendor, await crawlerSettings.find(request.workspaceId, vendor.id));
    if (scope.startUrls.length === 0) throw new CrawlStartRefused(vendor.url?.trim() ? 'noStartUrls' : 'noWebsiteAddress');
    let crawlerConfigId: string | null = null;
    if (request.method === 'api') {
      const config = await crawlerConfigs.findActive(request.workspaceId);
      if (!config) throw new CrawlStartRefused('apiKeyRequired');
      crawlerConfigId = config.id;
    }
    const row = await jobs.createUnlessVendorBusy({
      userId: request.userId,
      workspaceId: request.workspaceId,
      vendorId: vendor.id,
      sessionId: request.sessionId ?? null,
      method: request.method,
      targetUrl: scope.startUrls[0]!,
      settings: { ...(rendersInBrowser(request.method) ? request.settings : {}), ...scope },
      crawlerConfigId,
    });
    if (!row) {
      const live = await jobs.findLiveForVendor(request.workspaceId, vendor.id);
      // A crawl that nothing will ever run (its job lost, or failed for good) must not block its vendor:
      // it is resumed, or ended so that this one can start.
      const settled = live && mayReconcile(live) ? await reconcileCrawl(queues, jobs, live) : 'running';
      if (live && (settled === 'running' || settled === 'resumed')) {
        return { row: (await jobs.findById(live.id)) ?? live, vendor, created: false };
      }
      if (tries <= 1) throw new CrawlStartRefused('startFailed');
      return this.start(request, tries - 1); // it ended meanwhile: start a new one
    }
    // Its BullMQ priority: the crawls its starter has queued or running, so people with fewer go first.
    const userLoad = await jobs.countLive(request.userId);
    try {
      await queues.enqueue('crawl', { crawlJobId: row.id }, { userLoad });
    } catch (error) {
      // Refused by the queue: the row goes too, so the answer (503) is the whole story — no failed
      // crawl behind it. A row a worker has taken meanwhile shows the job did reach the queue.
      if (!(await jobs.deleteQueued(row.id))) return { row: (await jobs.findById(row.id)) ?? row, vendor, created: true };
      throw new CrawlStartRefused(isRedisUnavailable(error) ? 'queueUnavailable' : 'startFailed');
    }
    return { row, vendor, created: true };
  }
}

/** A queued row younger than the grace period may be between its insert and its enqueue by another request. */
const mayReconcile = (live: { status: string; createdAt: Date }) =>
  live.status === 'running' || Date.now() - live.createdAt.getTime() > QUEUED_GRACE_MS;
