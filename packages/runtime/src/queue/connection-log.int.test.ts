import { Logger, type LoggerService } from '@nestjs/common';
import { startRedisServer, type RedisServer } from '../../../../test-support/redis-server';
import { waitFor } from '../../../../test-support/wait-for';
import { createQueue } from './queues';
import { createRedisClient } from './redis';

/**
 * A Redis outage is two log lines per client — lost, back — however many reconnects it takes,
 * and no "[ioredis] Unhandled error event" for the product's own clients.
 */
describe('Redis connection log', () => {
  const lines: string[] = [];
  const capture: LoggerService = {
    log: (message: string) => void lines.push(`log ${message}`),
    warn: (message: string) => void lines.push(`warn ${message}`),
    error: (message: string) => void lines.push(`error ${message}`),
  };
  let redis: RedisServer | null = null;

  beforeAll(() => Logger.overrideLogger(capture));
  afterAll(() => {
    Logger.overrideLogger(false);
    return redis?.close();
  });

  it('logs one line when the connection is lost and one when it is back, for a client and a queue', async () => {
    redis = await startRedisServer({ persist: false });
    const consoleErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = { REDIS_URL: redis.url, QUEUE_PREFIX: 'connection-log-test' };
    const client = createRedisClient(config, 'api');
    const queue = createQueue(config, 'crawl');
    try {
      await queue.getJobCounts();
      await client.ping();
      let errors = 0;
      client.on('error', () => errors++);

      await redis.stop();
      const lost = (name: string) => lines.filter((line) => line.includes(`${name}: connection to Redis lost`));
      await waitFor(async () => errors >= 5 && lost('crawl queue').length > 0, {
        timeoutMs: 30_000,
        what: 'five failed reconnects and the queue to notice',
      });
      expect(lost('api')).toHaveLength(1);
      expect(lost('crawl queue')).toHaveLength(1);

      await redis.start();
      await waitFor(async () => lines.some((line) => line.includes('api: connection to Redis is back')), {
        timeoutMs: 30_000,
        what: 'the client to reconnect',
      });
      await waitFor(async () => lines.some((line) => line.includes('crawl queue: connection to Redis is back')), {
        timeoutMs: 30_000,
        what: 'the queue to reconnect',
      });
      expect(await client.ping()).toBe('PONG');
      expect(lines.filter((line) => line.startsWith('warn') || line.startsWith('error'))).toHaveLength(2);
      expect(consoleErrors.mock.calls.flat().join('\n')).not.toMatch(/Unhandled error event/);
    } finally {
      consoleErrors.mockRestore();
      await queue.close().catch(() => undefined);
      client.disconnect();
    }
  });
});
