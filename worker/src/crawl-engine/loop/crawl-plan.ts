import { LIMITS, type CrawlMethod, type CrawlScope, type CrawlRunSettings } from '@vendorwatch/contracts';
import type { CrawlJobRow } from '@vendorwatch/db';
import type { CrawlPlan } from './crawler';
import type { FetcherRequest } from '../fetchers/fetcher';
import { CrawlScopeRules, startUrlsOf } from '../urls/scope';
import { CriticalCrawlError } from '../primitives/errors';
import { UrlCanonicalizer } from '../urls/canonical-url';
import { clampMaxRetries } from '../politeness/retry-policy';

type RowSettings = Partial<CrawlRunSettings> & Partial<CrawlScope>;

const clamp = (value: unknown, min: number, max: number, fallback: number) => {
  const n = value === undefined || value === null ? NaN : Number(value);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

/**
 * The crawl as its row describes it: settings = method settings + scope. Every number is clamped
 * to the product's limits; the delay never drops below the operator's CRAWL_MIN_DELAY_MS.
 */
export function planFromRow(row: CrawlJobRow, minDelayMs: number): { plan: CrawlPlan; fetcher: FetcherRequest } {
  const settings = row.settings as RowSettings;
  const startUrls = startUrlsOf(row.targetUrl, settings.startUrls);
  if (startUrls.length === 0) throw new CriticalCrawlError(`No valid http(s) start URL in ${JSON.stringify(row.targetUrl)}`);
  const maxPages = clamp(settings.maxPages, LIMITS.maxPages.min, LIMITS.maxPages.max, LIMITS.maxPages.default);
  const crawlDelay = clamp(settings.crawlDelay, 0, LIMITS.crawlDelayMs.max, LIMITS.crawlDelayMs.default);
  const maxRetries = clampMaxRetries(settings.maxRetries);
  return {
    plan: {
      owner: { jobId: row.id, workspaceId: row.workspaceId, userId: row.userId, vendorId: row.vendorId },
      startUrls,
      scope: new CrawlScopeRules(startUrls, settings.allowedDomains ?? [], settings.excludePatterns ?? [], row.scopeHosts),
      canonical: new UrlCanonicalizer(settings.keepQueryParams ?? []),
      maxPages,
      crawlDelayMs: Math.max(crawlDelay, minDelayMs),
      maxRetries,
    },
    fetcher: {
      method: row.method as CrawlMethod,
      workspaceId: row.workspaceId,
      crawlerConfigId: row.crawlerConfigId,
      ignoreSelectors: Array.isArray(settings.ignoreSelectors) ? settings.ignoreSelectors : [],
      settings: {
        simulateHumanBehavior: settings.simulateHumanBehavior,
        useProxy: settings.useProxy,
        takeScreenshots: settings.takeScreenshots,
        maxRetries,
        waitTime:
          settings.waitTime === undefined
            ? undefined
            : clamp(settings.waitTime, 0, LIMITS.waitTimeMs.max, LIMITS.waitTimeMs.default),
      },
    },
  };
}
