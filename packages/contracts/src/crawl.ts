/** Crawl jobs: methods, statuses, settings and the job payloads that travel through BullMQ. */
import { z } from 'zod';
import { plural } from './messages';
import { isoDateTime } from './schemas/common';

export const CRAWL_METHODS = ['puppeteer', 'api', 'http', 'adaptive'] as const;
export type CrawlMethod = (typeof CRAWL_METHODS)[number];
/** How reports and exports name a method. */
export const CRAWL_METHOD_LABELS: Record<CrawlMethod, string> = {
  puppeteer: 'Puppeteer',
  api: 'API',
  http: 'HTTP',
  adaptive: 'Adaptive',
};
/** Methods that open pages in the browser (all of them, or a sample): the browser's settings apply to them. */
export const rendersInBrowser = (method: CrawlMethod) => method === 'puppeteer' || method === 'adaptive';
export const crawlMethodName = (method: string) => CRAWL_METHOD_LABELS[method as CrawlMethod] ?? method;
/** What each method is, in words a risk analyst reads beside the specification's names. */
export const CRAWL_METHOD_PLAIN_NAMES: Record<CrawlMethod, string> = {
  puppeteer: 'Full browser',
  api: 'Scraping service',
  http: 'Quick HTTP',
  adaptive: 'Quick HTTP + browser where needed',
};
/** What each method is for, a sentence each (settings, the crawl form, the methodology). */
export const CRAWL_METHOD_PURPOSES: Record<CrawlMethod, string> = {
  puppeteer:
    'Opens each page in a real browser, as a visitor would: sees scripts, cookies and trackers. The most complete, and the slowest.',
  api: 'Sends the pages through a scraping service (ScrapingBee) that renders them for you: for sites that block ordinary crawlers. Needs its API key.',
  http: 'Fetches the pages directly without running their scripts: fast and light, but does not see what scripts add (trackers, consent banners).',
  adaptive:
    'Quick HTTP, with the browser where the site needs it: every page is fetched directly, and a sample of each kind of page is also opened in a real browser. Where the browser sees more (links, cookies, trackers, a consent banner added by scripts), every page of that kind is opened in the browser. The same findings as the full browser, at close to HTTP speed on mostly static sites.',
};

/**
 * The adaptive method's sampling: the first pages of each template of a site are opened in the browser as
 * well as read over HTTP, then one page in `recheckEvery` of the template (its 10th, 20th …). A template
 * where the two readings differ once is read in the browser for all its later pages.
 */
export const ADAPTIVE_SAMPLING = { firstPages: 2, recheckEvery: 10 } as const;

/** Why the adaptive method opened a page in the browser. */
export const BROWSER_RENDER_REASONS = ['new-template', 'template-differs', 'recheck'] as const;
export type BrowserRenderReason = (typeof BROWSER_RENDER_REASONS)[number];
/** What each reason counts after a number, one and many ("3 samples of a new page template"). */
export const BROWSER_RENDER_REASON_LABELS: Record<BrowserRenderReason, [string, string]> = {
  'new-template': ['sample of a new page template', 'samples of a new page template'],
  'template-differs': [
    'page of a template where the browser sees more than HTTP',
    'pages of templates where the browser sees more than HTTP',
  ],
  recheck: ['periodic re-check of a template', 'periodic re-checks of a template'],
};

/** How the adaptive method read a page: over plain HTTP, or in the browser and why. */
export const pageReadBySchema = z
  .object({
    via: z.enum(['http', 'browser']),
    /** Why the page was opened in the browser (also when the browser could not open it); null when it was not. */
    reason: z.enum(BROWSER_RENDER_REASONS).nullable(),
    /** What the browser saw that HTTP did not (`links`, `cookies` …), on a page read both ways; absent when they agreed. */
    differences: z.array(z.string()).optional(),
    /** Why the page stayed as read over HTTP although the browser was asked to open it. */
    browserError: z.string().optional(),
    /** The page's template key (page-template.ts); null for a document too large to read one. */
    template: z.string().nullable(),
  })
  .meta({ id: 'PageReadBy' });
export type PageReadBy = z.output<typeof pageReadBySchema>;

/** "Read in the browser: sample of a new page template", "Read over HTTP" … (the crawl's pages table). */
export function pageReadByText(readBy: PageReadBy): string {
  if (readBy.via === 'browser' && readBy.reason) {
    const saw = readBy.differences?.length ? ` — the browser saw more: ${readBy.differences.join(', ')}` : '';
    return `Read in the browser: ${BROWSER_RENDER_REASON_LABELS[readBy.reason][0]}${saw}`;
  }
  return readBy.browserError ? `Read over HTTP (the browser could not open it: ${readBy.browserError})` : 'Read over HTTP';
}

/** How many of an adaptive crawl's pages were read in the browser, and why (the report shows it). */
export const renderingSummarySchema = z
  .object({
    pages: z.number().int().meta({ description: 'HTML pages the crawl read' }),
    overHttp: z.number().int(),
    inBrowser: z.number().int(),
    byReason: z.object({ 'new-template': z.number().int(), 'template-differs': z.number().int(), recheck: z.number().int() }),
    templates: z.number().int().meta({ description: 'Page templates the crawl met' }),
    templatesInBrowser: z.number().int().meta({ description: 'Templates read in the browser for all their pages' }),
  })
  .meta({ id: 'RenderingSummary' });
export type RenderingSummary = z.output<typeof renderingSummarySchema>;

/**
 * An adaptive crawl's reading in a sentence (the report screen and the PDF): "12 of 40 pages opened in the
 * browser (8 samples of a new page template, 3 …); 28 read over HTTP. 1 of 9 page templates needed the
 * browser throughout."
 */
export function renderingSentence(summary: RenderingSummary): string {
  const reasons = BROWSER_RENDER_REASONS.filter((reason) => summary.byReason[reason] > 0).map((reason) =>
    plural(summary.byReason[reason], ...BROWSER_RENDER_REASON_LABELS[reason]),
  );
  const opened = `${summary.inBrowser.toLocaleString('en-US')} of ${plural(summary.pages, 'page')} opened in the browser${reasons.length ? ` (${reasons.join(', ')})` : ''}`;
  const templates = `${summary.templatesInBrowser.toLocaleString('en-US')} of ${plural(summary.templates, 'page template')} needed the browser throughout.`;
  return `${opened}; ${summary.overHttp.toLocaleString('en-US')} read over HTTP. ${templates}`;
}

export const CRAWL_JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type CrawlJobStatus = (typeof CRAWL_JOB_STATUSES)[number];
export const TERMINAL_STATUSES: readonly CrawlJobStatus[] = ['completed', 'failed', 'cancelled'];
export const isTerminalStatus = (status: CrawlJobStatus) => TERMINAL_STATUSES.includes(status);

/**
 * How one crawl behaves, whatever its scope: human-like scrolling, the proxy, screenshots and the wait after
 * each load (the browser method reads these), and how often a page is retried (every method).
 */
export const crawlRunSettingsSchema = z.object({
  simulateHumanBehavior: z.boolean(),
  useProxy: z.boolean(),
  takeScreenshots: z.boolean(),
  maxRetries: z.number().int(),
  waitTime: z.number().int(),
});
export type CrawlRunSettings = z.output<typeof crawlRunSettingsSchema>;

/** The crawl's scope: from the vendor's saved crawler settings, or the defaults with the vendor's URL. */
export const crawlScopeSchema = z.object({
  startUrls: z.array(z.string()),
  maxPages: z.number().int(),
  crawlDelay: z.number().int(),
  allowedDomains: z.array(z.string()),
  excludePatterns: z.array(z.string()),
  /** Query parameters the site needs, never dropped as tracking parameters. */
  keepQueryParams: z.array(z.string()),
  /** CSS selectors whose elements change detection leaves out of a page's main text. */
  ignoreSelectors: z.array(z.string()),
  /** Text change detection ignores: literal text, or globs where * stands for any run of characters in a line. */
  ignoreTextPatterns: z.array(z.string()),
});
export type CrawlScope = z.output<typeof crawlScopeSchema>;

export const crawlJobSchema = z
  .object({
    id: z.uuid(),
    vendorId: z.uuid().nullable(),
    vendorName: z.string().nullable(),
    sessionId: z.string().nullable(),
    method: z.enum(CRAWL_METHODS),
    status: z.enum(CRAWL_JOB_STATUSES),
    targetUrl: z.string(),
    progress: z.number(),
    pagesDone: z.number().int(),
    pagesPlanned: z.number().int(),
    /** Pages a server answered (any status): a failed crawl's bar shows these, not the pages it gave up on. */
    pagesAnswered: z.number().int(),
    creditsUsed: z.number(),
    error: z.string().nullable(),
    settings: crawlRunSettingsSchema.extend(crawlScopeSchema.shape).partial(),
    /** The compliance report of a completed crawl, once it is assessed (moments after it completes). */
    reportId: z.uuid().nullable().meta({ description: 'The compliance report of a completed crawl, once assessed' }),
    createdAt: isoDateTime,
    startTime: isoDateTime.nullable(),
    completionTime: isoDateTime.nullable(),
  })
  .meta({ id: 'CrawlJob' });
export type CrawlJob = z.output<typeof crawlJobSchema>;

/** The response headers a page's record shows as its security headers. */
export const SECURITY_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
] as const;

export const crawlPageSchema = z
  .object({
    id: z.uuid(),
    jobId: z.uuid(),
    url: z.string(),
    finalUrl: z.string().nullable(),
    statusCode: z.number().int().nullable(),
    contentType: z.string().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    responseTimeMs: z.number().nullable(),
    contentHash: z.string().nullable(),
    linksCount: z.number().int(),
    securityHeaders: z.record(z.string(), z.string()),
    redirectChain: z.array(z.string()),
    screenshotUrl: z.string().nullable(),
    error: z.string().nullable(),
    /** How an adaptive crawl read the page (over HTTP, or in the browser and why); null for the other methods. */
    readBy: pageReadBySchema.nullable(),
    fetchedAt: isoDateTime,
  })
  .meta({ id: 'CrawlPage' });
export type CrawlPage = z.output<typeof crawlPageSchema>;

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/** The schema of a `Paginated` answer of `item`s. */
export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

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
  /** The programme's reminders (issue 40): a repeatable job, once across all workers. */
  programme: 'programme',
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

export const testCrawlResultSchema = z
  .object({
    screenshot: z.string().nullable().meta({ description: 'PNG as a data: URL, when screenshots were asked for' }),
    data: z.object({
      url: z.string(),
      finalUrl: z.string().nullable(),
      statusCode: z.number().int().nullable(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      responseTimeMs: z.number().nullable(),
      links: z.array(z.string()),
      headers: z.record(z.string(), z.string()),
      error: z.string().nullable(),
    }),
  })
  .meta({ id: 'TestCrawlResult' });
export type TestCrawlResult = z.output<typeof testCrawlResultSchema>;

/** Redis pub/sub channel (under the queue prefix) that carries cancel requests to every worker. */
export const CANCEL_CHANNEL = 'crawl-cancel';
