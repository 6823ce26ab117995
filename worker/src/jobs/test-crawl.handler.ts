import { Injectable } from '@nestjs/common';
import { LIMITS, type TestCrawlResult } from '@vendorwatch/contracts';
import type { TypedJob } from '@vendorwatch/runtime';
import { asWorkspaceId } from '@vendorwatch/db';
import { UnrecoverableError } from 'bullmq';
import { CrawlAbortedError } from '../crawl-engine/primitives/abort';
import { absoluteHttpUrl } from '../crawl-engine/urls/canonical-url';
import { systemClock } from '../crawl-engine/loop/clock';
import { CriticalCrawlError, errorMessage, PageFetchError, RetryableFetchError } from '../crawl-engine/primitives/errors';
import type { FetchedPage } from '../crawl-engine/fetchers/fetcher';
import { FetcherFactory } from '../crawl-engine/fetchers/fetcher-factory';
import { RedisHostGate } from '../crawl-engine/politeness/host-gate';
import { fetchInTurn } from '../crawl-engine/politeness/politeness';
import { clampMaxRetries, retryDelayMs } from '../crawl-engine/politeness/retry-policy';
import type { JobHandler, JobRunContext } from '../queue/job-handler';

/** A test crawl is one request at a time to a host with the product's shortest delay, like any crawl. */
const delayFor = () => LIMITS.crawlDelayMs.min;

/**
 * A one-URL test crawl from the test-crawler page: the same fetchers, host gate and retry policy as
 * a crawl (every redirect hop waiting its host's turn), nothing stored; the result (screenshot as a
 * PNG data URL) is the BullMQ job's return value.
 */
@Injectable()
export class TestCrawlHandler implements JobHandler<'testCrawl'> {
  readonly job = 'testCrawl' as const;

  constructor(
    private readonly fetchers: FetcherFactory,
    private readonly hostGate: RedisHostGate,
  ) {}

  async handle(job: TypedJob<'testCrawl'>, { signal }: JobRunContext): Promise<TestCrawlResult> {
    const { url: raw, method, settings, workspaceId, crawlerConfigId } = job.data;
    const url = absoluteHttpUrl(raw);
    if (!url) return failure(raw, 'Only http:// and https:// URLs can be crawled');
    const maxRetries = clampMaxRetries(settings.maxRetries);
    let fetcher;
    try {
      fetcher = await this.fetchers.create({
        method,
        workspaceId: asWorkspaceId(workspaceId),
        crawlerConfigId: crawlerConfigId ?? null,
        settings,
      });
    } catch (error) {
      if (error instanceof CriticalCrawlError) throw new UnrecoverableError(error.message);
      throw error;
    }
    try {
      for (let attempt = 1; ; attempt++) {
        const outcome = await fetchInTurn(this.hostGate, delayFor, fetcher, url, signal, async (to, turn) => {
          await turn.enter(to);
          return 'follow';
        });
        if ('error' in outcome) {
          const { error } = outcome;
          if (error instanceof CrawlAbortedError) throw new UnrecoverableError('Test crawl cancelled');
          if (error instanceof CriticalCrawlError) throw new UnrecoverableError(error.message);
          if (!(error instanceof RetryableFetchError || error instanceof PageFetchError)) throw error;
        }
        const waitMs = retryDelayMs(outcome, attempt, maxRetries);
        if (waitMs === null) return 'fetched' in outcome ? result(outcome.fetched) : failure(url, errorMessage(outcome.error));
        await systemClock.sleep(waitMs, signal).catch(() => {
          throw new UnrecoverableError('Test crawl cancelled');
        });
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
