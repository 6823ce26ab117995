import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  APP_CONFIG,
  createRedisClient,
  settleRedisClient,
  UserAllowance,
  type AllowanceBucket,
  type AppConfig,
} from '@vendorwatch/runtime';
import { DomainError } from '../../common/errors';

/** The per-user limits a route can be counted against (see AllowanceBucket). */
export type UserRateLimitBucket = AllowanceBucket;

/** Over a limit: 429 with the limit in words and the seconds until the next try is counted. */
export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, retryAfterSeconds);
  }
}

/** The API's side of the per-user allowances: a use over the limit is a RateLimitedError. */
@Injectable()
export class UserRateLimiter implements OnModuleInit, OnModuleDestroy {
  private readonly redis;
  private readonly allowance: UserAllowance;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = createRedisClient(config, 'api-user-rate-limit', 'producer');
    this.allowance = new UserAllowance(this.redis, config);
  }

  onModuleInit(): Promise<void> {
    return settleRedisClient(this.redis);
  }

  /** Counts one request of `userId` against `bucket`; throws RateLimitedError when over the limit. */
  async consume(bucket: UserRateLimitBucket, userId: string): Promise<void> {
    const answer = await this.allowance.consume(bucket, userId);
    if (!answer.allowed) throw new RateLimitedError(answer.message, answer.retryAfterSeconds);
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
