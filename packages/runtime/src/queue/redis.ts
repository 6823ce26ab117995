import { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { watchRedisConnection } from './connection-log';

/**
 * Who a connection serves. A worker waits out a Redis outage (BullMQ's blocking clients need
 * `maxRetriesPerRequest: null`); a producer answering an HTTP request must fail fast instead, so
 * commands are not queued while disconnected and a command cut off mid-way is tried once more.
 */
export type RedisRole = 'worker' | 'producer';

const ROLE_OPTIONS = {
  worker: { maxRetriesPerRequest: null },
  producer: { maxRetriesPerRequest: 1, enableOfflineQueue: false },
} as const;

/** Options BullMQ builds its own ioredis clients from: each Queue/Worker/QueueEvents owns (and closes) its connections. */
export const bullConnection = (config: Pick<AppConfig, 'REDIS_URL'>, role: RedisRole = 'worker') => ({
  url: config.REDIS_URL,
  ...ROLE_OPTIONS[role],
});

/** A plain client for our own keys (heartbeats, cancel flags, host politeness) and pub/sub. */
export function createRedisClient(
  config: Pick<AppConfig, 'REDIS_URL'>,
  connectionName: string,
  role: RedisRole = 'worker',
): Redis {
  const client = new Redis(config.REDIS_URL, { connectionName, lazyConnect: false, ...ROLE_OPTIONS[role] });
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
