import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, MESSAGES } from '@vendorwatch/contracts';
import { APP_CONFIG, JobQueues, prefixedKey, type AppConfig } from '@vendorwatch/runtime';
import { clientBucket } from '../auth-server/auth-rate-limit';
import { RateLimitedError } from '../fair-use/user-rate-limiter';

const WINDOW_SECONDS = 60;

/**
 * Limits guessing of vendor-link tokens per client address (IPv6: per /64): each lookup that finds
 * no live link counts, and an address with too many within a minute is refused every lookup (429)
 * until the minute ends, a right token included. Counted in Redis, shared by every API process;
 * while Redis cannot be reached, in this process. 256-bit tokens cannot be guessed anyway: this
 * keeps scanners from loading the database.
 */
@Injectable()
export class LinkGuessLimiter {
  private readonly local = new Map<string, { count: number; resetAt: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: JobQueues,
  ) {}

  /** Throws 429 when the address has failed too often this minute. */
  async check(address: string | undefined): Promise<void> {
    const failures = await this.read(this.keyOf(address));
    if (failures >= LIMITS.remediation.failedLookupsPerMinute)
      throw new RateLimitedError(MESSAGES.remediation.tooManyLookups, WINDOW_SECONDS);
  }

  /** Counts one failed lookup. */
  async failed(address: string | undefined): Promise<void> {
    const key = this.keyOf(address);
    try {
      await this.queues.redis.multi().incr(key).expire(key, WINDOW_SECONDS, 'NX').exec();
    } catch {
      const now = Date.now();
      const entry = this.local.get(key);
      if (!entry || entry.resetAt <= now) this.local.set(key, { count: 1, resetAt: now + WINDOW_SECONDS * 1000 });
      else entry.count++;
    }
  }

  private async read(key: string): Promise<number> {
    try {
      return Number((await this.queues.redis.get(key)) ?? 0);
    } catch {
      const entry = this.local.get(key);
      return entry && entry.resetAt > Date.now() ? entry.count : 0;
    }
  }

  private keyOf(address: string | undefined): string {
    return prefixedKey(this.config, 'vendor-link-guesses', clientBucket(address ?? 'unknown'));
  }
}
