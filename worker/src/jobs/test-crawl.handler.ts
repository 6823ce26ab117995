import { Injectable } from '@nestjs/common';
import { DEFAULT_PUPPETEER_SETTINGS, LIMITS, type TestCrawlResult } from '@vendorwatch/contracts';
import type { TypedJob } from '@vendorwatch/runtime';
import { UnrecoverableError } from 'bullmq';
import { CrawlAbortedError, sleep } from '../crawl-engine/abort';
import { CriticalCrawlError, errorMessage, RetryableFetchError } from '../crawl-engine/errors';
import type { FetchedPage } from '../crawl-engine/fetcher';
import { FetcherFactory } from '../crawl-engine/fetcher-factory';
import { HostGate } from '../crawl-engine/host-gate';
import { backoffMs, isRetryableStatus, parseRetryAfter } from '../crawl-engine/retry-policy';
import { hostOf, normalizeUrl } from '../crawl-engine/url';
import type { JobHandler, JobRunContext } from '../queue/job-handler';

/**
 * A one-URL test crawl from the test-crawler page: the same fetchers and retry rules as a crawl,
 * nothing stored; the result (screenshot as a PNG data URL) is the BullMQ job's return value.
 */
@Injectable()
export class TestCrawlHandler implements JobHandler<'testCrawl'> {
  readonly job = 'testCrawl' as const;

  constructor(
    private readonly fetchers: FetcherFactory,
    private readonly hostGate: HostGate,
  ) {}

  async handle(job: TypedJob<'testCrawl'>, { signal }: JobRunContext): Promise<TestCrawlResult> {
    const { url: raw, method, settings, userId, crawlerConfigId } = job.data;
    const url = normalizeUrl(raw);
    if (!url) return failure(raw, 'Only http:// and https:// URLs can be crawled');
    const maxRetries = Math.min(LIMITS.maxRetries.max, Math.max(0, settings.maxRetries ?? DEFAULT_PUPPETEER_SETTINGS.maxRetries));
    let fetcher;
    try {
      fetcher = await this.fetchers.create({ method, userId, crawlerConfigId: crawlerConfigId ?? null, settings });
    } catch (error) {
      if (error instanceof CriticalCrawlError) throw new UnrecoverableError(error.message);
      throw error;
    }
    try {
      for (let attempt = 1; ; attempt++) {
        const lease = await this.hostGate.acquire(hostOf(url), signal);
        let fetched: FetchedPage | null = null;
        let failure_: unknown = null;
        try {
          fetched = await fetcher.fetch(url, signal);
        } catch (error) {
          failure_ = error;
        } finally {
          await lease.release(LIMITS.crawlDelayMs.min);
        }
        if (fetched && !(isRetryableStatus(fetched.statusCode) && attempt <= maxRetries)) return result(fetched);
        if (failure_ instanceof CrawlAbortedError) throw new UnrecoverableError('Test crawl cancelled');
        if (failure_ instanceof CriticalCrawlError) throw new UnrecoverableError(failure_.message);
        if (failure_ && !(failure_ instanceof RetryableFetchError && attempt <= maxRetries))
          return failure(url, errorMessage(failure_));
        const wait = fetched ? parseRetryAfter(fetched.headers['retry-after']) : (failure_ as RetryableFetchError).retryAfterMs;
        await sleep(wait ?? backoffMs(attempt), signal);
      }
    } finally {
      await fetcher.close();
    }
  }
}

function result(fetched: FetchedPage): TestCrawlResult {
  return {
    screenshot: fetched.screenshot ? `data:image/png;base64,${fetched.screenshot.toString('base64')}` : null,
    data: {
      url: fetched.requestedUrl,
      finalUrl: fetched.finalUrl,
      statusCode: fetched.statusCode,
      title: fetched.document?.title ?? null,
      description: fetched.document?.description ?? null,
      responseTimeMs: Math.round(fetched.responseTimeMs),
      links: fetched.document?.links ?? [],
      headers: fetched.headers,
      error: null,
    },
  };
}

function failure(url: string, error: string): TestCrawlResult {
  return {
    screenshot: null,
    data: {
      url,
      finalUrl: null,
      statusCode: null,
      title: null,
      description: null,
      responseTimeMs: null,
      links: [],
      headers: {},
      error,
    },
  };
}
