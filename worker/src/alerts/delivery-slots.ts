import type { Redis } from 'ioredis';

/**
 * Takes a slot for a delivery if the user has fewer than the cap in flight (→ 1), else → 0. Each
 * slot is a member of the user's sorted set scored by when it lapses, so a worker that died
 * mid-delivery frees its slot by itself; lapsed ones are dropped first. Redis's clock for all.
 */
const ACQUIRE = `local now = redis.call('time')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('zremrangebyscore', KEYS[1], '-inf', nowMs)
if not redis.call('zscore', KEYS[1], ARGV[1]) and redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], nowMs + tonumber(ARGV[3]), ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[3])
return 1`;

interface SlotCommands {
  alertSlotAcquire(key: string, deliveryId: string, cap: number, leaseMs: number): Promise<number>;
}

/**
 * A cap on each user's alert deliveries in flight at once, across every worker process: a user
 * whose receivers are slow (or hostile) holds at most this many of the workers' delivery slots,
 * so another user's alert never waits behind theirs.
 */
export class DeliverySlots {
  private readonly redis: Redis & SlotCommands;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly perUser: number,
    /** How long a slot is held at most: longer than a delivery attempt can take. */
    private readonly leaseMs: number,
  ) {
    redis.defineCommand('alertSlotAcquire', { numberOfKeys: 1, lua: ACQUIRE });
    this.redis = redis as Redis & SlotCommands;
  }

  /** Takes a slot for the delivery; false when the user already has as many in flight as they may. */
  async acquire(userId: string, deliveryId: string): Promise<boolean> {
    return (await this.redis.alertSlotAcquire(this.key(userId), deliveryId, this.perUser, this.leaseMs)) === 1;
  }

  async release(userId: string, deliveryId: string): Promise<void> {
    await this.redis.zrem(this.key(userId), deliveryId);
  }

  private key(userId: string): string {
    return `${this.keyPrefix}:${userId}`;
  }
}
