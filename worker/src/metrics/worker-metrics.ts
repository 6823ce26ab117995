import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { CrawlJobStatus } from '@vendorwatch/contracts';
import { APP_CONFIG, ClusterCounters, type AppConfig } from '@vendorwatch/runtime';
import type { Redis } from 'ioredis';
import { CrawlAbortedError } from '../crawl-engine/primitives/abort';
import { CriticalCrawlError, PageFetchError, RetryableFetchError } from '../crawl-engine/primitives/errors';
import { BrowserTabSlots } from '../crawl-engine/fetchers/adaptive/browser-tab-slots';
import type { Fetcher, FetchedPage, FetchHooks } from '../crawl-engine/fetchers/fetcher';
import { WORKER_REDIS } from '../worker-tokens';

/**
 * What this worker process adds to the installation's metrics (see ClusterCounters: the API
 * reports them at /metrics), and the browser pages it holds (reported in its heartbeat).
 */
@Injectable()
export class WorkerMetrics implements BeforeApplicationShutdown {
  private readonly counters: ClusterCounters;
  private pagesInUse = 0;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(WORKER_REDIS) redis: Redis,
    private readonly browserTabs: BrowserTabSlots,
  ) {
    this.counters = new ClusterCounters(redis, config);
  }

  /** Browser pages open for crawls right now: one per running browser crawl, and the adaptive crawls' readings. */
  get browserPages(): number {
    return this.browserCrawlPages + this.browserTabs.inUse;
  }

  /** The pages browser crawls hold, one each for as long as they run: what another crawl taken may add to. */
  get browserCrawlPages(): number {
    return this.pagesInUse;
  }

  /** The crawl's fetcher, counting each page it fetches, each failure and each credit spent. */
  meter(fetcher: Fetcher): Fetcher {
    return new MeteredFetcher(fetcher, this.counters, (delta) => (this.pagesInUse += delta));
  }

  crawlFinished(status: CrawlJobStatus): void {
    this.counters.add('vendorwatch_crawls_finished_total', { status });
  }

  /** After the queue workers stopped (their last pages counted), before the Redis client closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.counters.close();
  }
}

class MeteredFetcher implements Fetcher {
  private holdsPage: boolean;
  /** The inner fetcher's, when it has one: the crawl loop asks whether the method reads subresources. */
  readonly readSubresources?: Fetcher['readSubresources'];

  constructor(
    private readonly inner: Fetcher,
    private readonly counters: ClusterCounters,
    private readonly pages: (delta: number) => void,
  ) {
    // An adaptive crawl holds a tab only while the browser reads (BrowserTabSlots counts those).
    this.holdsPage = inner.method === 'puppeteer';
    if (this.holdsPage) pages(1);
    if (inner.readSubresources) this.readSubresources = inner.readSubresources.bind(inner);
  }

  get method() {
    return this.inner.method;
  }

  async fetch(url: string, signal: AbortSignal, hooks?: FetchHooks): Promise<FetchedPage> {
    const method = this.inner.method;
    try {
      const page = await this.inner.fetch(url, signal, hooks);
      this.counters.add('vendorwatch_pages_crawled_total', { method, status_class: statusClass(page.statusCode) });
      this.counters.add('vendorwatch_scraping_credits_used_total', { method }, page.credits ?? 0);
      return page;
    } catch (error) {
      if (!(error instanceof CrawlAbortedError) && !signal.aborted) {
        this.counters.add('vendorwatch_pages_crawled_total', { method, status_class: 'error' });
        this.counters.add('vendorwatch_crawl_errors_total', { method, kind: errorKind(error) });
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.holdsPage) {
      this.holdsPage = false;
      this.pages(-1);
    }
    await this.inner.close();
  }
}

const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

/** A bounded set of kinds (an error's own name could be anything). */
function errorKind(error: unknown): string {
  if (error instanceof RetryableFetchError) return 'retryable';
  if (error instanceof PageFetchError) return 'page';
  if (error instanceof CriticalCrawlError) return 'critical';
  return 'unexpected';
}
