import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { RATE_LIMIT_MESSAGES } from '@vendorwatch/contracts';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { prefixedKey } from '../queue/redis';

/**
 * The per-user allowances: `crawlStarts` (crawls started by hand or by a schedule), `expensive`
 * (test crawls, connection tests, scrapes, report exports, test alerts: each holds a worker, a
 * scraping credit, a report build or someone's inbox) and `diffReads` (page diffs, each up to its
 * time bound on the API's diff thread).
 */
export type AllowanceBucket = 'crawlStarts' | 'expensive' | 'diffReads';

type AllowanceConfig = Pick<
  AppConfig,
  | 'QUEUE_PREFIX'
  | 'CRAWL_STARTS_PER_WINDOW'
  | 'CRAWL_STARTS_WINDOW_SECONDS'
  | 'EXPENSIVE_REQUESTS_PER_WINDOW'
  | 'EXPENSIVE_REQUESTS_WINDOW_SECONDS'
  | 'DIFF_READS_PER_WINDOW'
  | 'DIFF_READS_WINDOW_SECONDS'
>;

/** How many of a bucket one user may use per window, and how a refusal reads. */
export function allowanceRule(config: AllowanceConfig, bucket: AllowanceBucket) {
  switch (bucket) {
    case 'crawlStarts':
      return {
        limit: config.CRAWL_STARTS_PER_WINDOW,
        windowSeconds: config.CRAWL_STARTS_WINDOW_SECONDS,
        message: RATE_LIMIT_MESSAGES.crawlStarts,
      };
    case 'expensive':
      return {
        limit: config.EXPENSIVE_REQUESTS_PER_WINDOW,
        windowSeconds: config.EXPENSIVE_REQUESTS_WINDOW_SECONDS,
        message: RATE_LIMIT_MESSAGES.expensive,
      };
    case 'diffReads':
      return {
        limit: config.DIFF_READS_PER_WINDOW,
        windowSeconds: config.DIFF_READS_WINDOW_SECONDS,
        message: RATE_LIMIT_MESSAGES.diffReads,
      };
  }
}

export type AllowanceAnswer = { allowed: true } | { allowed: false; message: string; retryAfterSeconds: number };

/**
 * Counts each user's uses per bucket in Redis (the Nest throttler's counting script), so every API
 * process and every worker share one counter per user: a crawl a schedule starts uses the same
 * allowance as one started by hand. Keyed by user id, not address: tenants behind one proxy do not
 * share an allowance, and one user cannot multiply theirs across addresses.
 */
export class UserAllowance {
  private readonly storage: ThrottlerStorageRedisService;

  constructor(
    redis: Redis,
    private readonly config: AllowanceConfig,
  ) {
    this.storage = new ThrottlerStorageRedisService(redis);
  }

  /** Counts one use of `bucket` by `userId`; over the limit, says so and when the next use counts. */
  async consume(bucket: AllowanceBucket, userId: string): Promise<AllowanceAnswer> {
    const { limit, windowSeconds, message } = allowanceRule(this.config, bucket);
    const ttlMs = windowSeconds * 1000;
    const key = prefixedKey(this.config, 'user-rate-limit', bucket, userId);
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(key, ttlMs, limit, ttlMs, bucket);
    if (!isBlocked) return { allowed: true };
    const retryAfterSeconds = Math.max(1, timeToBlockExpire);
    return { allowed: false, retryAfterSeconds, message: message(limit, windowSeconds, retryAfterSeconds) };
  }
}
