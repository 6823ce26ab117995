import type { TestCrawlPayload, TestCrawlResult } from '@vendorwatch/contracts';
import { randomBytes } from 'node:crypto';
import { waitFor } from '../../../../test-support/wait-for';
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

/**
 * What the reconciler and cancellation ask of the gateway, now that its queues are its own: where a
 * crawl's job stands, a crawl enqueued again under its id, and a cancel request heard by a worker.
 */
describe('JobQueues for the reconciler and cancellation', () => {
  const config = { REDIS_URL, QUEUE_PREFIX: `vwtest-${randomBytes(4).toString('hex')}` };
  let queues: JobQueues;
  beforeAll(() => {
    queues = new JobQueues(config, { role: 'worker', connectionName: 'test-gateway' });
  });
  afterAll(async () => {
    const keys = await queues.redis.keys(`${config.QUEUE_PREFIX}:*`);
    if (keys.length) await queues.redis.del(...keys);
    await queues.close();
  });

  it('tells a missing job from a waiting one, and a job that failed for good with its reason; requeues a crawl under its id', async () => {
    expect(await queues.crawlJobState('crawl-1')).toEqual({ state: 'missing', failedReason: null });
    await queues.enqueue('crawl', { crawlJobId: 'crawl-1' });
    expect((await queues.crawlJobState('crawl-1')).state).toMatch(/^(waiting|prioritized)$/);

    const worker = queues.work('crawl', async () => {
      throw new Error('the site refused every attempt');
    });
    try {
      // Its attempts back off (5 s, then 10 s): the job fails for good once none is left.
      await waitFor(async () => (await queues.crawlJobState('crawl-1')).state === 'failed', {
        timeoutMs: 90_000,
        what: 'the job to fail',
      });
    } finally {
      await worker.close();
    }
    expect(await queues.crawlJobState('crawl-1')).toEqual({ state: 'failed', failedReason: 'the site refused every attempt' });

    // A failed job under the id would block the add: requeueing removes it first.
    await queues.requeueCrawl('crawl-1');
    expect((await queues.crawlJobState('crawl-1')).state).toMatch(/^(waiting|prioritized)$/);
  }, 120_000);

  it('hears a cancel request on every subscriber, and remembers it for a worker that has not started the job', async () => {
    const heard: string[] = [];
    const subscription = await queues.subscribeToCrawlCancels(({ jobId }) => heard.push(jobId));
    try {
      expect(await queues.isCrawlCancelRequested('crawl-2')).toBe(false);
      expect(await queues.cancelCrawl('crawl-2')).toBe('gone');
      await waitFor(async () => heard.includes('crawl-2'), { timeoutMs: 10_000, what: 'the cancel message' });
      expect(await queues.isCrawlCancelRequested('crawl-2')).toBe(true);
    } finally {
      await subscription.close();
    }
  });
});
