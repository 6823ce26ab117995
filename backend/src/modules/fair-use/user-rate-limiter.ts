import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { RATE_LIMIT_MESSAGES } from '@vendorwatch/contracts';
import { APP_CONFIG, createRedisClient, prefixedKey, settleRedisClient, type AppConfig } from '@vendorwatch/runtime';
import { DomainError } from '../../common/errors';

/**
 * The per-user limits: `crawlStarts` (POST /api/crawls and the crawler page's start) and
 * `expensive` (test crawl, connection test, scrape, report export: each holds a worker, a
 * scraping credit or a report build).
 */
export type UserRateLimitBucket = 'crawlStarts' | 'expensive';

/** Over a limit: 429 with the limit in words and the seconds until the next try is counted. */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * Counts each user's requests per bucket in Redis (the throttler's counting script, so every API
 * process shares the counters). Keyed by user id, not address: tenants behind one proxy do not
 * share an allowance, and one user cannot multiply theirs across addresses.
 */
@Injectable()
export class UserRateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly redis;
  private readonly storage: ThrottlerStorageRedisService;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.redis = createRedisClient(config, 'api-user-rate-limit', 'producer');
    this.storage = new ThrottlerStorageRedisService(this.redis);
  }

  onModuleInit(): Promise<void> {
    return settleRedisClient(this.redis);
  }

  /** Counts one request of `userId` against `bucket`; throws RateLimitedError when over the limit. */
  async consume(bucket: UserRateLimitBucket, userId: string): Promise<void> {
    const { limit, windowSeconds, message } = this.rule(bucket);
    const ttlMs = windowSeconds * 1000;
    const key = prefixedKey(this.config, 'user-rate-limit', bucket, userId);
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(key, ttlMs, limit, ttlMs, bucket);
    if (!isBlocked) return;
    const retryAfter = Math.max(1, timeToBlockExpire);
    throw new RateLimitedError(message(limit, windowSeconds, retryAfter), retryAfter);
  }

  private rule(bucket: UserRateLimitBucket) {
    return bucket === 'crawlStarts'
      ? {
          limit: this.config.CRAWL_STARTS_PER_WINDOW,
          windowSeconds: this.config.CRAWL_STARTS_WINDOW_SECONDS,
          message: RATE_LIMIT_MESSAGES.crawlStarts,
        }
      : {
          limit: this.config.EXPENSIVE_REQUESTS_PER_WINDOW,
          windowSeconds: this.config.EXPENSIVE_REQUESTS_WINDOW_SECONDS,
          message: RATE_LIMIT_MESSAGES.expensive,
        };
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
