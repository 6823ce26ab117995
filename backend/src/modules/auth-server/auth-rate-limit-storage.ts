import type { OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { createRedisClient, isRedisUnavailable, type AppConfig } from '@vendorwatch/runtime';
import type { Redis } from 'ioredis';

/** A counter Redis has not answered within this long is counted in the process instead. */
const COMMAND_TIMEOUT_MS = 500;

type Increment = ThrottlerStorage['increment'];

/**
 * The auth limits' counters, kept in Redis so every API process shares them — and, while Redis
 * cannot be reached, in this process's memory instead of failing the request. Signing in needs
 * the database, not Redis: during a Redis restart or outage sign-in, refresh and MFA keep working
 * (a refresh that failed would sign users out), and each address is still limited, per process.
 * The client fails at once when disconnected (no offline queue) and gives a slow answer half a
 * second, so no request waits on Redis (it took up to 6.3 s, then answered 500).
 */
export class FailoverThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;
  private readonly local = new ThrottlerStorageService();

  constructor(config: Pick<AppConfig, 'REDIS_URL'>) {
    this.redis = createRedisClient(config, 'auth rate limits', 'producer', { commandTimeout: COMMAND_TIMEOUT_MS });
    this.shared = new ThrottlerStorageRedisService(this.redis);
  }

  increment: Increment = async (...args) => {
    if (this.redis.status !== 'ready') return this.local.increment(...args);
    try {
      return await this.shared.increment(...args);
    } catch (error) {
      if (!isRedisUnavailable(error) && !isTimeout(error)) throw error;
      return this.local.increment(...args);
    }
  };

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
    this.redis.disconnect();
  }
}

const isTimeout = (error: unknown) => error instanceof Error && error.message === 'Command timed out';
