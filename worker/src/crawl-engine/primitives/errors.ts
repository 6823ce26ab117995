import { databaseErrorMessage } from '@vendorwatch/db';

/**
 * Errors that say what happens next (after crawlee): the engine retries a RetryableFetchError with
 * backoff, records a PageFetchError on the page and moves on, and stops the whole crawl on a
 * CriticalCrawlError (the job ends 'failed' with its message). Any other error is a bug: it is
 * not stored as a failed page but fails the crawl's attempt loudly, with the job and the URL.
 */
export class RetryableFetchError extends Error {
  override readonly name = 'RetryableFetchError';
  constructor(
    message: string,
    /** A server's Retry-After, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export class PageFetchError extends Error {
  override readonly name = 'PageFetchError';
}

export class CriticalCrawlError extends Error {
  override readonly name = 'CriticalCrawlError';
}

/** An error nobody expected while crawling one URL: a bug, reported with where it happened. */
export class UnexpectedCrawlError extends Error {
  override readonly name = 'UnexpectedCrawlError';
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(`Unexpected error while crawling ${url}: ${errorMessage(cause)}`, { cause });
  }
}

/** An error's message; a database error's without the statement and bind parameters drizzle adds. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? databaseErrorMessage(error) : String(error));
