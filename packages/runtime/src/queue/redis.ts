import { Redis, type RedisOptions } from 'ioredis';
import type { AppConfig } from '../config';
import { watchRedisConnection } from './connection-log';

/**
 * Who a connection serves. A worker waits out a Redis outage (BullMQ's blocking clients need
 * `maxRetriesPerRequest: null`); a producer answering an HTTP request must fail fast instead, so
 * commands are not queued while disconnected and a command cut off mid-way is tried once more.
 */
export type RedisRole = 'worker' | 'producer';

/** The longest wait between two reconnect attempts. */
export const RECONNECT_MAX_DELAY_MS = 1_000;

/**
 * How soon a lost connection is tried again: at once, then at most a second apart, however long
 * Redis has been away. BullMQ's own default backs off to 20 s (e^attempt ms), so after a minute's
 * outage a queue came back up to 20 s after Redis did, refusing crawl starts meanwhile; ioredis'
 * default waits up to 2 s. A connection attempt to a stopped local Redis costs next to nothing.
 */
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, RECONNECT_MAX_DELAY_MS);

const ROLE_OPTIONS = {
  worker: { maxRetriesPerRequest: null, retryStrategy: reconnectDelay },
  producer: { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: reconnectDelay },
} as const;

/** Options BullMQ builds its own ioredis clients from: each Queue/Worker/QueueEvents owns (and closes) its connections. */
export const bullConnection = (config: Pick<AppConfig, 'REDIS_URL'>, role: RedisRole = 'worker') => ({
  url: config.REDIS_URL,
  ...ROLE_OPTIONS[role],
});

/**
 * A plain client for our own keys (heartbeats, cancel flags, host politeness, rate-limit counters)
 * and pub/sub. `overrides` adds ioredis options (a command timeout, say) to the role's.
 */
export function createRedisClient(
  config: Pick<AppConfig, 'REDIS_URL'>,
  connectionName: string,
  role: RedisRole = 'worker',
  overrides: RedisOptions = {},
): Redis {
  const client = new Redis(config.REDIS_URL, { connectionName, lazyConnect: false, ...ROLE_OPTIONS[role], ...overrides });
  watchRedisConnection(client, connectionName);
  return client;
}

/**
 * Resolves once the client is connected, or after `timeoutMs` if it is not: a producer has no
 * offline queue, so a command sent while it is still connecting would fail. Never rejects — an API
 * started while Redis is down answers 503 until it is back.
 */
export async function settleRedisClient(client: Redis, timeoutMs = 5_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    client.once('ready', done);
    function done() {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
}

/** Every key we own lives under the queue prefix, beside BullMQ's `${prefix}:${queue}:…` keys. */
export const prefixedKey = (config: Pick<AppConfig, 'QUEUE_PREFIX'>, ...parts: string[]) =>
  [config.QUEUE_PREFIX, ...parts].join(':');
