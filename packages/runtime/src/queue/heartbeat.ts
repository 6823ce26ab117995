import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { prefixedKey } from './redis';

type PrefixConfig = Pick<AppConfig, 'QUEUE_PREFIX'>;

/** What each worker process writes every few seconds under `${QUEUE_PREFIX}:workers:<id>`. */
export interface WorkerHeartbeat {
  id: string;
  pid: number;
  browser: 'ok' | 'down';
  activeJobs: number;
  /** Browser pages this worker holds open for crawls (absent from workers that predate it). */
  browserPages?: number;
  /** Crawls running, how many the autoscaler wants, its upper bound, and what it found overloaded. */
  concurrency?: { running: number; desired: number; max: number; overloaded: string[] };
  startedAt: string;
}

export type PuppeteerHealth = 'ok' | 'degraded' | 'down';

/** A heartbeat older than this is gone: its worker stopped or lost Redis. */
export const HEARTBEAT_TTL_MS = 15_000;
export const HEARTBEAT_INTERVAL_MS = 5_000;

export const heartbeatKey = (config: PrefixConfig, workerId: string) => prefixedKey(config, 'workers', workerId);

export async function writeHeartbeat(redis: Redis, config: PrefixConfig, beat: WorkerHeartbeat): Promise<void> {
  await redis.set(heartbeatKey(config, beat.id), JSON.stringify(beat), 'PX', HEARTBEAT_TTL_MS);
}

export async function removeHeartbeat(redis: Redis, config: PrefixConfig, workerId: string): Promise<void> {
  await redis.del(heartbeatKey(config, workerId));
}

/** Every live worker's heartbeat (SCAN, never KEYS: it must not block a shared Redis). */
export async function readWorkerHeartbeats(redis: Redis, config: PrefixConfig): Promise<WorkerHeartbeat[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', heartbeatKey(config, '*'), 'COUNT', 200);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await redis.mget(keys);
  return values.flatMap((value) => {
    if (!value) return [];
    try {
      return [JSON.parse(value) as WorkerHeartbeat];
    } catch {
      return [];
    }
  });
}

/**
 * For /api/health: ok while some live worker has a usable browser; degraded when none has (no
 * worker running included) — the API still answers, but browser crawls would wait. `down` is for
 * the caller that cannot read heartbeats at all (Redis unreachable).
 */
export function puppeteerHealth(heartbeats: WorkerHeartbeat[]): Exclude<PuppeteerHealth, 'down'> {
  return heartbeats.some((beat) => beat.browser === 'ok') ? 'ok' : 'degraded';
}
