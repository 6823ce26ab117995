import type { BrowserFacts } from '@vendorwatch/compliance';
import type { CrawlMethod, CrawlRunSettings } from '@vendorwatch/contracts';
import type { WorkspaceId } from '@vendorwatch/db';
import type { PageDocument } from '../page-reading/html-extractor';
import type { BodyDigest } from '../page-reading/page-body';

/**
 * What a fetcher returns for one URL: an answer from the site, whatever its status. Everything
 * around a fetch — retries, politeness, frontier, storage — lives above this interface, written once;
 * a fetcher only adds its own way of getting the page (crawlee's pattern).
 */
export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  statusCode: number;
  /** The final response's headers, names lower-cased, repeated ones joined with ", " — except Set-Cookie. */
  headers: Record<string, string>;
  /** The final response's Set-Cookie values, one per cookie. */
  setCookies: string[];
  contentType: string | null;
  /** URLs that answered with a redirect, in order, starting with the requested one. */
  redirectChain: string[];
  responseTimeMs: number;
  body: BodyDigest | null;
  /** HTML facts; null for anything that is not HTML. */
  document: PageDocument | null;
  /** What only a browser sees (requests, cookies, consent platform, accessibility); absent for other methods. */
  browser?: BrowserFacts | null;
  /** PNG bytes when the method takes screenshots; the engine decides where they are stored. */
  screenshot?: Buffer | null;
  /** A small plain-text answer's body (security.txt read through a scraping API). */
  text?: string;
  /** Scraping-API credits this fetch cost. */
  credits?: number;
  /**
   * Set when a redirect was not followed because the crawl has its target already (or must not go
   * there): the URL it pointed to. The answer is then the redirect itself, with no body.
   */
  redirectStoppedAt?: string;
}

export type RedirectDecision = 'follow' | 'stop';

/**
 * What the crawl engine says while a fetch is under way. A fetcher that follows redirects itself
 * asks before each hop; the answer comes when the hop may be requested (its host's turn).
 */
export interface FetchHooks {
  /** `hop`: the URL that answered with the redirect, and its status. */
  beforeRedirect(to: string, hop: { url: string; statusCode: number }): Promise<RedirectDecision>;
}

/**
 * Runs a request in its host's turn (the crawl's politeness: one request at a time per host, its delay
 * after each), every redirect hop in its own host's turn; gives up waiting when `signal` fires.
 */
export type InTurn = <T>(url: string, signal: AbortSignal, work: (hooks: FetchHooks) => Promise<T>) => Promise<T>;

/**
 * Fetches pages for one crawl. Errors say what happens next: RetryableFetchError, PageFetchError,
 * CriticalCrawlError (see primitives/errors.ts); an abort rejects with CrawlAbortedError. A fetcher that
 * cannot see redirect hops (a scraping API follows them itself) ignores `hooks`.
 */
export interface Fetcher {
  readonly method: CrawlMethod;
  fetch(url: string, signal: AbortSignal, hooks?: FetchHooks): Promise<FetchedPage>;
  /**
   * Reads what a stored page loads beyond its HTML, each request in its host's turn, and adds it to
   * `page` (the http method: the first bytes of its scripts). Absent for methods that see it while
   * fetching (the browser). Never throws for the site's failures; rejects only when the crawl is aborted.
   */
  readSubresources?(page: FetchedPage, inTurn: InTurn, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

/** What a fetcher is created for: the crawl's workspace (API credentials are its) and its settings. */
export interface FetcherRequest {
  method: CrawlMethod;
  workspaceId: WorkspaceId;
  crawlerConfigId: string | null;
  settings: Partial<CrawlRunSettings>;
  /** The vendor's elements change detection leaves out of a page's main text (CSS selectors). */
  ignoreSelectors?: string[];
}
