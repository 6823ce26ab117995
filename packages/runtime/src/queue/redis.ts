import { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { watchRedisConnection } from './connection-log';

/**
 * Options BullMQ builds its own ioredis clients from: each Queue/Worker/QueueEvents owns (and
 * closes) its connections. `maxRetriesPerRequest: null` is what BullMQ's blocking clients need.
 */
export const bullConnection = (config: Pick<AppConfig, 'REDIS_URL'>) => ({ url: config.REDIS_URL, maxRetriesPerRequest: null });

/** A plain client for our own keys (heartbeats, cancel flags, host politeness) and pub/sub. */
export function createRedisClient(config: Pick<AppConfig, 'REDIS_URL'>, connectionName: string): Redis {
  const client = new Redis(config.REDIS_URL, { connectionName, maxRetriesPerRequest: null, lazyConnect: false });
  watchRedisConnection(client, connectionName);
  return client;
}

/** Every key we own lives under the queue prefix, beside BullMQ's `${prefix}:${queue}:…` keys. */
export const prefixedKey = (config: Pick<AppConfig, 'QUEUE_PREFIX'>, ...parts: string[]) =>
  [config.QUEUE_PREFIX, ...parts].join(':');
