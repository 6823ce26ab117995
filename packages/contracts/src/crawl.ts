/** Crawl jobs: methods, statuses, settings and the job payloads that travel through BullMQ. */

export const CRAWL_METHODS = ['puppeteer', 'api', 'http'] as const;
export type CrawlMethod = (typeof CRAWL_METHODS)[number];
/** How reports and exports name a method. */
export const CRAWL_METHOD_LABELS: Record<CrawlMethod, string> = { puppeteer: 'Puppeteer', api: 'API', http: 'HTTP' };
export const crawlMethodName = (method: string) => CRAWL_METHOD_LABELS[method as CrawlMethod] ?? method;

export const CRAWL_JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type CrawlJobStatus = (typeof CRAWL_JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly CrawlJobStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminalStatus = (status: CrawlJobStatus) => TERMINAL_STATUSES.includes(status);

/**
 * How one crawl behaves, whatever its scope: human-like scrolling, the proxy, screenshots and the wait after
 * each load (the browser method reads these), and how often a page is retried (every method).
 */
export interface CrawlRunSettings {
  simulateHumanBehavior: boolean;
  useProxy: boolean;
  takeScreenshots: boolean;
  maxRetries: number;
  waitTime: number;
}

/** The crawl's scope: from the vendor's saved crawler settings, or the defaults with the vendor's URL. */
export interface CrawlScope {
  startUrls: string[];
  maxPages: number;
  crawlDelay: number;
  allowedDomains: string[];
  excludePatterns: string[];
  /** Query parameters the site needs, never dropped as tracking parameters. */
  keepQueryParams: string[];
  /** CSS selectors whose elements change detection leaves out of a page's main text. */
  ignoreSelectors: string[];
  /** Text change detection ignores: literal text, or globs where * stands for any run of characters in a line. */
  ignoreTextPatterns: string[];
}

export interface CrawlJob {
  id: string;
  vendorId: string | null;
  vendorName: string | null;
  sessionId: string | null;
  method: CrawlMethod;
  status: CrawlJobStatus;
  targetUrl: string;
  progress: number;
  pagesDone: number;
  pagesPlanned: number;
  /** Pages a server answered (any status): a failed crawl's bar shows these, not the pages it gave up on. */
  pagesAnswered: number;
  creditsUsed: number;
  error: string | null;
  settings: Partial<CrawlRunSettings> & Partial<CrawlScope>;
  /** The compliance report of a completed crawl, once it is assessed (moments after it completes). */
  reportId: string | null;
  createdAt: string;
  startTime: string | null;
  completionTime: string | null;
}

/** The response headers a page's record shows as its security headers. */
export const SECURITY_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
] as const;

export interface CrawlPage {
  id: string;
  jobId: string;
  url: string;
  finalUrl: string | null;
  statusCode: number | null;
  contentType: string | null;
  title: string | null;
  description: string | null;
  responseTimeMs: number | null;
  contentHash: string | null;
  linksCount: number;
  securityHeaders: Record<string, string>;
  redirectChain: string[];
  screenshotUrl: string | null;
  error: string | null;
  fetchedAt: string;
}

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** BullMQ queues and the payload of each job name. The crawl job's row id is the BullMQ job id. */
export const QUEUES = {
  crawl: 'crawl',
  testCrawl: 'test-crawl',
  /** Housekeeping that runs on a schedule, once across all workers. */
  maintenance: 'maintenance',
  /** Runs fired by vendors' schedules (BullMQ job schedulers), each taken by one worker. */
  schedules: 'schedules',
  /** Alert deliveries (email, webhook), retried with backoff. */
  alerts: 'alerts',
} as const;

export interface CrawlJobPayload {
  crawlJobId: string;
}

/** One run of a vendor's schedule; the worker reads the schedule itself from the database. */
export interface ScheduledCrawlPayload {
  vendorId: string;
  userId: string;
}

/** A one-URL test crawl; the result comes back as the BullMQ job's return value. */
export interface TestCrawlPayload {
  /** Who asked (a person, or an API key's creator). */
  userId: string;
  /** The workspace it runs for: the crawler configuration is read there. */
  workspaceId: string;
  url: string;
  method: CrawlMethod;
  settings: Partial<CrawlRunSettings>;
  /** The workspace's crawler configuration to read the (encrypted) API key from, for method `api`. */
  crawlerConfigId?: string;
}

export interface TestCrawlResult {
  screenshot: string | null;
  data: {
    url: string;
    finalUrl: string | null;
    statusCode: number | null;
    title: string | null;
    description: string | null;
    responseTimeMs: number | null;
    links: string[];
    headers: Record<string, string>;
    error: string | null;
  };
}

/** Redis pub/sub channel (under the queue prefix) that carries cancel requests to every worker. */
export const CANCEL_CHANNEL = 'crawl-cancel';
