import { DEFAULT_CRAWL_RUN_SETTINGS, LIMITS } from '@vendorwatch/contracts';
import { RetryableFetchError } from '../primitives/errors';
import type { FetchedPage } from '../fetchers/fetcher';

/**
 * When to ask a site again, written once for the crawl loop and the test crawl: a "later" status
 * (429, 5xx) or a RetryableFetchError is retried while attempts remain, after the server's
 * Retry-After or an exponential backoff; anything else is an answer to keep.
 */
const BASE_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** A Retry-After longer than this is not worth keeping a crawl waiting for. */
const MAX_RETRY_AFTER_MS = 120_000;

export type FetchAttempt = { fetched: FetchedPage } | { error: unknown };

/** The crawl's maxRetries setting within the product's limits — the one place it is clamped. */
export function clampMaxRetries(value: unknown): number {
  const n = Number(value);
  if (value === undefined || value === null || !Number.isFinite(n)) return DEFAULT_CRAWL_RUN_SETTINGS.maxRetries;
  return Math.min(LIMITS.maxRetries.max, Math.max(LIMITS.maxRetries.min, Math.round(n)));
}

/**
 * How long to wait before trying again after attempt number `attempt` (1 for the first), or null
 * when the answer is final: retries are exhausted, or there is nothing to retry.
 */
export function retryDelayMs(outcome: FetchAttempt, attempt: number, maxRetries: number): number | null {
  if (attempt > maxRetries) return null;
  if ('fetched' in outcome) {
    if (!isRetryableStatus(outcome.fetched.statusCode)) return null;
    return parseRetryAfter(outcome.fetched.headers['retry-after']) ?? backoffMs(attempt);
  }
  if (outcome.error instanceof RetryableFetchError) return outcome.error.retryAfterMs ?? backoffMs(attempt);
  return null;
}

/** How long the host asked everyone to stay away (Retry-After with a "later" answer), if it did. */
export function hostPauseMs(outcome: FetchAttempt): number | undefined {
  if ('fetched' in outcome) {
    return isRetryableStatus(outcome.fetched.statusCode) ? parseRetryAfter(outcome.fetched.headers['retry-after']) : undefined;
  }
  return outcome.error instanceof RetryableFetchError ? outcome.error.retryAfterMs : undefined;
}

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(attempt: number): number {
  const exponential = Math.min(MAX_BACKOFF_MS, BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/** Retry-After as seconds or an HTTP date (RFC 9110), in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}

/** Statuses worth asking again: the server said "later" or failed on its side. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;
