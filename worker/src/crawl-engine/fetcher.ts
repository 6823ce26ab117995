import type { CrawlMethod, PuppeteerSettings } from '@vendorwatch/contracts';
import type { PageDocument } from './html-extractor';
import type { BodyDigest } from './page-body';

/**
 * What a fetcher returns for one URL: an answer from the site, whatever its status. Everything
 * around a fetch — retries, politeness, frontier, storage — lives above this interface, written once;
 * a fetcher only adds its own way of getting the page (crawlee's pattern).
 */
export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  statusCode: number;
  /** The final response's headers, names lower-cased. */
  headers: Record<string, string>;
  contentType: string | null;
  /** URLs that answered with a redirect, in order, starting with the requested one. */
  redirectChain: string[];
  responseTimeMs: number;
  body: BodyDigest | null;
  /** HTML facts; null for anything that is not HTML. */
  document: PageDocument | null;
  /** PNG bytes when the method takes screenshots; the engine decides where they are stored. */
  screenshot?: Buffer | null;
  /** Scraping-API credits this fetch cost. */
  credits?: number;
}

/**
 * Fetches pages for one crawl. Errors say what happens next: RetryableFetchError, PageFetchError,
 * CriticalCrawlError (see errors.ts); an abort rejects with CrawlAbortedError.
 */
export interface Fetcher {
  readonly method: CrawlMethod;
  fetch(url: string, signal: AbortSignal): Promise<FetchedPage>;
  close(): Promise<void>;
}

/** What a fetcher is created for: the crawl's owner (API credentials are theirs) and its settings. */
export interface FetcherRequest {
  method: CrawlMethod;
  userId: string;
  crawlerConfigId: string | null;
  settings: Partial<PuppeteerSettings>;
}
