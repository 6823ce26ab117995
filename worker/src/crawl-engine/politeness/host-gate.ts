import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { sleep } from '../loop/abort';

export interface HostLease {
  /** Ends the request; the host stays closed to everyone for `delayMs` more. */
  release(delayMs: number): Promise<void>;
}

/** One request at a time per host, and a delay after each before the next one starts. */
export interface HostGate {
  acquire(host: string, signal: AbortSignal): Promise<HostLease>;
}

/** A lock held while a request is in flight, renewed so a dead holder frees the host within this time. */
const LOCK_MS = 10_000;
const RENEW_MS = 3_000;
/** How often a waiter looks again while another request to the host is in flight (it may end any moment). */
const MAX_POLL_MS = 250;
/** The key's value while the host rests after a request: it opens again exactly when the key expires. */
const RESTING = 'resting';

/**
 * Takes the host if it is free (→ -1); otherwise says how long to wait: the rest of its delay
 * (→ the key's remaining ms), or, while a request is in flight, how long until the lock would
 * lapse (→ -2 - remaining ms). One round trip per attempt.
 */
const ACQUIRE = `if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return -1 end
local ttl = math.max(redis.call('pttl', KEYS[1]), 1)
if redis.call('get', KEYS[1]) == '${RESTING}' then return ttl end
return -2 - ttl`;
/** Ends our request: the host rests for the delay from now (if we still hold it). */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then return redis.call('set', KEYS[1], '${RESTING}', 'PX', ARGV[2]) end
  return redis.call('del', KEYS[1])
end
return 0`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/** The gate's scripts, defined on the connection once (ioredis runs them by their SHA, loading them when Redis lacks them). */
interface GateCommands {
  hostGateAcquire(key: string, token: string, lockMs: number): Promise<number>;
  hostGateRelease(key: string, token: string, delayMs: number): Promise<unknown>;
  hostGateRenew(key: string, token: string, lockMs: number): Promise<unknown>;
}

/**
 * Politeness across every worker process: a Redis key per host is held during the request and left
 * to expire `delay` ms after it, so the next request (from any job, any worker) starts no earlier.
 * A waiter for a resting host sleeps exactly until it opens, so a crawl's requests follow each other
 * at its delay and not later.
 */
export class RedisHostGate implements HostGate {
  private readonly redis: Redis & GateCommands;
  /**
   * When the hosts this process left rest until (its clock, taken after Redis answered the release, so
   * never before the key expires): its next request to one waits here first instead of asking Redis
   * only to be told how long the host still rests — a round trip per page saved. Redis still decides.
   */
  private readonly restingUntil = new Map<string, number>();

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
  ) {
    redis.defineCommand('hostGateAcquire', { numberOfKeys: 1, lua: ACQUIRE });
    redis.defineCommand('hostGateRelease', { numberOfKeys: 1, lua: RELEASE });
    redis.defineCommand('hostGateRenew', { numberOfKeys: 1, lua: RENEW });
    this.redis = redis as Redis & GateCommands;
  }

  async acquire(host: string, signal: AbortSignal): Promise<HostLease> {
    const key = `${this.keyPrefix}:host:${host}`;
    const token = randomUUID();
    const rest = (this.restingUntil.get(key) ?? 0) - Date.now();
    this.restingUntil.delete(key);
    if (rest > 0) await sleep(rest, signal);
    for (;;) {
      const wait = await this.redis.hostGateAcquire(key, token, LOCK_MS);
      if (wait === -1) break;
      await sleep(wait >= 0 ? wait : Math.min(-2 - wait, MAX_POLL_MS), signal);
    }
    const renewal = setInterval(() => void this.redis.hostGateRenew(key, token, LOCK_MS).catch(() => undefined), RENEW_MS);
    renewal.unref();
    return {
      release: async (delayMs: number) => {
        clearInterval(renewal);
        const rest = Math.max(0, Math.round(delayMs));
        await this.redis.hostGateRelease(key, token, rest);
        if (rest > 0) this.remember(key, Date.now() + rest);
      },
    };
  }

  private remember(key: string, until: number): void {
    if (this.restingUntil.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [host, at] of this.restingUntil) if (at <= now) this.restingUntil.delete(host);
      if (this.restingUntil.size >= MAX_REMEMBERED) this.restingUntil.clear();
    }
    this.restingUntil.set(key, until);
  }
}

/** Hosts whose rest a process remembers at most (beyond, those that opened again are forgotten). */
const MAX_REMEMBERED = 10_000;
