/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s. */
const BASE_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
/** A Retry-After longer than this is not worth keeping a crawl waiting for. */
const MAX_RETRY_AFTER_MS = 120_000;

export function backoffMs(attempt: number): number {
  const exponential = Math.min(MAX_BACKOFF_MS, BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in ms; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}

/** Statuses worth asking again: the server said "later" or failed on its side. */
export const isRetryableStatus = (status: number) => status === 429 || status >= 500;
