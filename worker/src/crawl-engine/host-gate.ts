import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { sleep } from './abort';

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
const MAX_POLL_MS = 250;

/** Releases `extend` the key to "the delay from now" only if we still hold it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then return redis.call('pexpire', KEYS[1], ARGV[2]) end
  return redis.call('del', KEYS[1])
end
return 0`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/**
 * Politeness across every worker process: a Redis key per host is held during the request and left
 * to expire `delay` ms after it, so the next request (from any job, any worker) starts no earlier.
 */
export class RedisHostGate implements HostGate {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async acquire(host: string, signal: AbortSignal): Promise<HostLease> {
    const key = `${this.keyPrefix}:host:${host}`;
    const token = randomUUID();
    for (;;) {
      const taken = await this.redis.set(key, token, 'PX', LOCK_MS, 'NX');
      if (taken === 'OK') break;
      const ttl = await this.redis.pttl(key);
      await sleep(ttl > 0 ? Math.min(ttl, MAX_POLL_MS) : 10, signal);
    }
    const renewal = setInterval(() => void this.redis.eval(RENEW, 1, key, token, LOCK_MS).catch(() => undefined), RENEW_MS);
    renewal.unref();
    return {
      release: async (delayMs: number) => {
        clearInterval(renewal);
        await this.redis.eval(RELEASE, 1, key, token, Math.max(0, Math.round(delayMs)));
      },
    };
  }
}
