import type { TestCrawlPayload, TestCrawlResult } from '@vendorwatch/contracts';
import { randomBytes } from 'node:crypto';
import { JobQueues } from './job-queues';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const answer: TestCrawlResult = {
  screenshot: null,
  data: {
    url: 'https://example.com/',
    finalUrl: 'https://example.com/',
    statusCode: 200,
    title: 'Example',
    description: null,
    responseTimeMs: 1,
    links: [],
    headers: {},
    error: null,
  },
};
const payload = { url: 'https://example.com/', method: 'http', settings: {} } as unknown as TestCrawlPayload;

/**
 * A test crawl's caller hears of its result however quickly a worker finishes it — the first test
 * crawl of a fresh API process included, when the queue's event reader has only just been made
 * (it once missed results that arrived before its first read, and the caller waited out its timeout).
 */
describe('JobQueues.runTestCrawl', () => {
  it('returns the result of a test crawl a worker answers at once, on the first call of each new gateway', async () => {
    const config = { REDIS_URL, QUEUE_PREFIX: `vwtest-${randomBytes(4).toString('hex')}` };
    const workerSide = new JobQueues(config, { role: 'worker', connectionName: 'test-worker' });
    const worker = workerSide.work('testCrawl', async () => answer, { concurrency: 4 });
    try {
      await worker.waitUntilReady();
      // A fresh API process each round: the race lived in the first call of each.
      for (let round = 0; round < 50; round++) {
        const api = new JobQueues(config, { role: 'producer', connectionName: 'test-api' });
        await api.ready();
        try {
          await expect(api.runTestCrawl(payload, 5_000)).resolves.toEqual(answer);
        } finally {
          await api.close();
        }
      }
    } finally {
      await worker.close();
      const keys = await workerSide.redis.keys(`${config.QUEUE_PREFIX}:*`);
      if (keys.length) await workerSide.redis.del(...keys);
      await workerSide.close();
    }
  });
});
