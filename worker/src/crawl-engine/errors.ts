/**
 * Errors that say what happens next (after crawlee): the engine retries a RetryableFetchError with
 * backoff, records a PageFetchError on the page and moves on, and stops the whole crawl on a
 * CriticalCrawlError (the job ends 'failed' with its message).
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

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
