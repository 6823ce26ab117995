import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** A BullMQ Queue, Worker or QueueEvents: emits its connections' errors; its backend says when they are ready. */
interface BullMqConnected {
  on(event: 'error', listener: (error: Error) => void): unknown;
  getBackend(): { on(event: 'ready', listener: () => void): unknown };
}

const logger = new Logger('Redis');

/**
 * One log line when a connection is lost and one when it is back — not one per retry, which an
 * outage turns into dozens a second. Also gives every client an error listener: without one,
 * ioredis prints "Unhandled error event" for each failed reconnect and BullMQ prints the error.
 */
export function watchRedisConnection(target: Redis | BullMqConnected, name: string): void {
  let down = false;
  const lost = (error: Error) => {
    if (!isConnectionError(error)) {
      logger.error(`${name}: ${error.message}`);
      return;
    }
    if (down) return;
    down = true;
    logger.warn(`${name}: connection to Redis lost (${error.message}); retrying`);
  };
  const back = () => {
    if (!down) return;
    down = false;
    logger.log(`${name}: connection to Redis is back`);
  };
  target.on('error', lost);
  if (isRedis(target)) {
    target.on('ready', back);
    return;
  }
  target.getBackend().on('ready', back);
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** Errors that say the connection is gone (as opposed to a command or job that failed). */
function isConnectionError(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  return /connection is closed|connect ETIMEDOUT|socket closed|stream isn't writeable|LOADING/i.test(error.message);
}

/**
 * Whether an error says Redis could not be reached (a producer without offline queue while
 * disconnected, a command cut off by a lost connection), as opposed to a command Redis refused.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return isConnectionError(error) || /enableOfflineQueue|max retries per request|Connection is closed/i.test(error.message);
}

const isRedis = (target: Redis | BullMqConnected): target is Redis => typeof (target as Redis).ping === 'function';
