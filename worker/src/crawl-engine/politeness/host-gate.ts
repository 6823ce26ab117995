import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { sleep, sleepUntil } from '../primitives/abort';

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

/** How long a waiter's mark lasts: it asks again at least every MAX_POLL_MS while the host is held. */
const WANTED_MS = 4 * MAX_POLL_MS;

/**
 * Takes the host if it is free (→ -1); otherwise says how long to wait: the rest of its delay
 * (→ the key's remaining ms), or, while another holds it (a request in flight, or a turn kept for
 * its holder's next request), how long until the lock would lapse (→ -2 - remaining ms), and marks
 * the host wanted (KEYS[2]) so its holder gives it up after this request. One round trip per attempt.
 */
const ACQUIRE = `if redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return -1 end
local ttl = math.max(redis.call('pttl', KEYS[1]), 1)
if redis.call('get', KEYS[1]) == '${RESTING}' then return ttl end
redis.call('set', KEYS[2], '1', 'PX', ${WANTED_MS})
return -2 - ttl`;
/**
 * What a release did: the host was not ours any more; it rests, then opens to all; it is kept for our next
 * request; it rests, then opens to all, and another process is waiting for it.
 */
const RELEASED = { notHeld: 0, resting: 1, kept: 2, wanted: 3 } as const;

/**
 * Ends our request (if we still hold the host). When no one else waits for the host (KEYS[2]), it
 * stays ours for our next request (ARGV[3], its token) and rests the delay first: held for the delay
 * and a lock's time (ARGV[4]), so the next request needs no round trip of its own (→ kept). Otherwise
 * it rests for the delay from now and opens to whoever asks first (→ wanted when another waits).
 */
const RELEASE = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return ${RELEASED.notHeld} end
local wanted = redis.call('exists', KEYS[2]) == 1
if ARGV[3] ~= '' and not wanted then
  redis.call('set', KEYS[1], ARGV[3], 'PX', ARGV[4])
  return ${RELEASED.kept}
end
if tonumber(ARGV[2]) > 0 then redis.call('set', KEYS[1], '${RESTING}', 'PX', ARGV[2]) else redis.call('del', KEYS[1]) end
if wanted then return ${RELEASED.wanted} end
return ${RELEASED.resting}`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;

/** The gate's scripts, defined on the connection once (ioredis runs them by their SHA, loading them when Redis lacks them). */
interface GateCommands {
  hostGateAcquire(key: string, wanted: string, token: string, lockMs: number): Promise<number>;
  hostGateRelease(
    key: string,
    wanted: string,
    token: string,
    delayMs: number,
    nextToken: string,
    keepMs: number,
  ): Promise<number>;
  hostGateRenew(key: string, token: string, lockMs: number): Promise<unknown>;
}

/**
 * A turn this process keeps for its next request to a host: the host rests until `opensAt` (this
 * process's clock), then the request starts without asking Redis. Given back if not taken by then.
 */
interface KeptTurn {
  token: string;
  opensAt: number;
  giveBack: NodeJS.Timeout;
}

/** Beyond a waiter's longest poll, what a holder that let the host go waits before asking again: the waiter's round trip. */
const YIELD_MARGIN_MS = 50;
/** How long after its rest a kept turn waits for its request before it is given back. */
const KEEP_GRACE_MS = 1_000;

/**
 * Politeness across every worker process: a Redis key per host is held during the request and left
 * to expire `delay` ms after it, so the next request (from any job, any worker) starts no earlier.
 * A waiter for a resting host sleeps exactly until it opens, so a crawl's requests follow each other
 * at its delay and not later.
 *
 * A crawl's requests to its host follow each other, each costing two round trips (take the host,
 * end the request) — most of what a page cost Redis and a good part of the worker's system calls.
 * So when no one else waits for the host, ending a request keeps the host for this process's next
 * request to it, after the delay: one round trip a page. Anyone else asking marks the host wanted,
 * and the holder lets it go after its current request, so two crawls of one host take turns.
 */
export class RedisHostGate implements HostGate {
  private readonly redis: Redis & GateCommands;
  /**
   * When the hosts this process left rest until (its clock, taken after Redis answered the release, so
   * never before the key expires): its next request to one waits here first instead of asking Redis
   * only to be told how long the host still rests — a round trip per page saved. Redis still decides.
   */
  private readonly restingUntil = new Map<string, number>();
  private readonly kept = new Map<string, KeptTurn>();

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
  ) {
    redis.defineCommand('hostGateAcquire', { numberOfKeys: 2, lua: ACQUIRE });
    redis.defineCommand('hostGateRelease', { numberOfKeys: 2, lua: RELEASE });
    redis.defineCommand('hostGateRenew', { numberOfKeys: 1, lua: RENEW });
    this.redis = redis as Redis & GateCommands;
  }

  async acquire(host: string, signal: AbortSignal): Promise<HostLease> {
    const key = `${this.keyPrefix}:host:${host}`;
    const kept = this.kept.get(key);
    const token = kept ? await this.takeKept(key, kept, signal) : await this.take(key, signal);
    const renewal = setInterval(() => void this.redis.hostGateRenew(key, token, LOCK_MS).catch(() => undefined), RENEW_MS);
    renewal.unref();
    return {
      release: async (delayMs: number) => {
        clearInterval(renewal);
        const rest = Math.max(0, Math.round(delayMs));
        const next = randomUUID();
        const released = await this.redis.hostGateRelease(key, wantedKey(key), token, rest, next, rest + LOCK_MS);
        // Date.now() is the time truncated to the millisecond: one more keeps the rest whole.
        const opensAt = Date.now() + rest + 1;
        if (released === RELEASED.kept) this.keep(key, next, opensAt);
        // Another waits: it asks at least every MAX_POLL_MS, so by then it has had its chance at the host.
        else if (released === RELEASED.wanted) this.remember(key, opensAt + MAX_POLL_MS + YIELD_MARGIN_MS);
        else if (rest > 0) this.remember(key, opensAt);
      },
    };
  }

  /** Asks Redis for the host until it is ours (after waiting out a rest this process knows of). */
  private async take(key: string, signal: AbortSignal): Promise<string> {
    const token = randomUUID();
    const rest = (this.restingUntil.get(key) ?? 0) - Date.now();
    this.restingUntil.delete(key);
    if (rest > 0) await sleep(rest, signal);
    for (;;) {
      const wait = await this.redis.hostGateAcquire(key, wantedKey(key), token, LOCK_MS);
      if (wait === -1) return token;
      await sleep(wait >= 0 ? wait : Math.min(-2 - wait, MAX_POLL_MS), signal);
    }
  }

  /** A turn this process kept: ours once the host's rest is over; given back if the crawl stops meanwhile. */
  private async takeKept(key: string, kept: KeptTurn, signal: AbortSignal): Promise<string> {
    this.kept.delete(key);
    clearTimeout(kept.giveBack);
    try {
      await sleepUntil(kept.opensAt, signal);
    } catch (error) {
      this.keep(key, kept.token, kept.opensAt);
      throw error;
    }
    return kept.token;
  }

  private keep(key: string, token: string, opensAt: number): void {
    const giveBack = setTimeout(() => void this.giveBack(key, token), Math.max(0, opensAt - Date.now()) + KEEP_GRACE_MS);
    giveBack.unref();
    this.kept.set(key, { token, opensAt, giveBack });
  }

  /** A kept turn no request took: the host is open to all again (its rest is over). */
  private async giveBack(key: string, token: string): Promise<void> {
    if (this.kept.get(key)?.token !== token) return;
    this.kept.delete(key);
    await this.redis.hostGateRelease(key, wantedKey(key), token, 0, '', 0).catch(() => undefined);
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

/** The mark a waiter leaves on a host another holds. */
const wantedKey = (key: string) => `${key}:wanted`;

/** Hosts whose rest a process remembers at most (beyond, those that opened again are forgotten). */
const MAX_REMEMBERED = 10_000;
