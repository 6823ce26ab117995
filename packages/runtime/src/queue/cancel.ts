import { CANCEL_CHANNEL } from '@vendorwatch/contracts';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { createRedisClient, prefixedKey } from './redis';

type PrefixConfig = Pick<AppConfig, 'QUEUE_PREFIX'>;

export interface CancelMessage {
  jobId: string;
}

/** How long a cancel request is remembered for a worker that has not started the job yet. */
const CANCEL_FLAG_TTL_SECONDS = 24 * 60 * 60;

export const cancelChannel = (config: PrefixConfig) => prefixedKey(config, CANCEL_CHANNEL);
export const cancelFlagKey = (config: PrefixConfig, jobId: string) => prefixedKey(config, CANCEL_CHANNEL, jobId);

/**
 * Asks whichever worker holds the job to stop it. The flag closes the race where the message is
 * published while a worker is between taking the job and listening for its cancellation.
 */
export async function publishCrawlCancel(redis: Redis, config: PrefixConfig, jobId: string): Promise<void> {
  await redis.set(cancelFlagKey(config, jobId), '1', 'EX', CANCEL_FLAG_TTL_SECONDS);
  await redis.publish(cancelChannel(config), JSON.stringify({ jobId } satisfies CancelMessage));
}

export async function isCancelRequested(redis: Redis, config: PrefixConfig, jobId: string): Promise<boolean> {
  return (await redis.exists(cancelFlagKey(config, jobId))) === 1;
}

/** Subscribes (on a connection of its own: a subscribed client can do nothing else). */
export async function subscribeToCrawlCancels(
  config: Pick<AppConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>,
  onCancel: (message: CancelMessage) => void,
): Promise<{ close(): Promise<void> }> {
  const subscriber = createRedisClient(config, 'crawl-cancel-subscriber');
  const channel = cancelChannel(config);
  subscriber.on('message', (received: string, raw: string) => {
    if (received !== channel) return;
    try {
      const message = JSON.parse(raw) as Partial<CancelMessage>;
      if (typeof message.jobId === 'string') onCancel({ jobId: message.jobId });
    } catch {
      // A malformed message is not ours to act on.
    }
  });
  await subscriber.subscribe(channel);
  return {
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
