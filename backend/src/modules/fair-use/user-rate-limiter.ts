import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, JobQueues, UserAllowance, type AllowanceBucket, type AppConfig } from '@vendorwatch/runtime';
import { DomainError } from '../../common/errors';

/** The per-user limits a route can be counted against (see AllowanceBucket). */
export type UserRateLimitBucket = AllowanceBucket;

/** Over a limit: 429 with the limit in words and the seconds until the next try is counted. */
export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, retryAfterSeconds);
  }
}

/**
 * The API's side of the per-user allowances: a use over the limit is a RateLimitedError. Its counters
 * go through the queue gateway's Redis client, the one /api/health probes: a client of its own came
 * back from an outage on its own schedule, so a crawl start could be refused after health said ok.
 */
@Injectable()
export class UserRateLimiter {
  private readonly allowance: UserAllowance;

  constructor(@Inject(APP_CONFIG) config: AppConfig, queues: JobQueues) {
    this.allowance = new UserAllowance(queues.redis, config);
  }

  /** Counts one request of `userId` against `bucket`; throws RateLimitedError when over the limit. */
  async consume(bucket: UserRateLimitBucket, userId: string): Promise<void> {
    const answer = await this.allowance.consume(bucket, userId);
    if (!answer.allowed) throw new RateLimitedError(answer.message, answer.retryAfterSeconds);
  }
}
