import { sleep } from '../primitives/abort';

/**
 * Time as the crawl engine sees it. Production uses the system clock; the fast tests use a virtual
 * one, so a crawl delay of seconds runs in microseconds and its gaps can still be checked exactly.
 */
export interface Clock {
  now(): number;
  /** Waits `ms`; rejects with CrawlAbortedError when the signal fires first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), sleep };
