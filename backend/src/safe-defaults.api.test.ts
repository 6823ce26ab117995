import type { INestApplicationContext } from '@nestjs/common';
import type { ConnectionTestResult, CrawlJob, CrawlerConfig, TestCrawlResult } from '@vendorwatch/contracts';
import { startFixtureSite, waitFor, type FixtureSite } from '../../test-support';
import { startScrapingBeeServer, type ScrapingBeeServer } from '../../test-support';
import { createWorkerApp } from '../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from './testing/test-app';

// The environment `npm start` and `npm run start:local-demo` give the app (scripts/start.mjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEnvironment } = require('../../scripts/start-env.cjs') as {
  startEnvironment(
    env: Record<string, string | undefined>,
    argv: string[],
  ): { env: Record<string, string | undefined>; notice: string };
};

const json = async <T>(response: Promise<Response>): Promise<T> => (await (await response).json()) as T;

describe.each([
  ['npm start', [] as string[]],
  ['npm run start:local-demo', ['--local-demo']],
])('what %s lets users reach', (_name, argv) => {
  const { env, notice } = startEnvironment({}, argv);
  const demo = argv.includes('--local-demo');
  let t: TestApp;
  let site: FixtureSite;
  let bee: ScrapingBeeServer;
  let worker: INestApplicationContext;
  let user: TestUser;

  beforeAll(async () => {
    site = await startFixtureSite();
    bee = await startScrapingBeeServer({ keys: { 'good-key-1234': 100 } });
    // Exactly what the start script sets (unset stays unset: the harness's own allowance is dropped).
    t = await startTestApp({ CRAWL_ALLOW_PRIVATE_NETWORKS: env.CRAWL_ALLOW_PRIVATE_NETWORKS });
    worker = await createWorkerApp({ ...t.config, CRAWL_MIN_DELAY_MS: '0' });
    user = await t.signUp();
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await site?.close();
    await bee?.close();
  });

  it('says at start-up what crawls may reach, and the demo listens on loopback only', () => {
    if (demo) {
      expect(env.HOST).toBe('127.0.0.1');
      expect(notice).toMatch(/^Local demo: crawls may reach this machine and private networks \(never link-local/);
    } else {
      expect(env.HOST).toBeUndefined();
      expect(notice).toMatch(/^Crawls reach public addresses only/);
    }
  });

  const crawl = async (targetUrl: string) => {
    const vendor = await json<{ id: string }>(
      user.api('/api/vendors', { method: 'POST', json: { name: `Vendor ${targetUrl}`, url: targetUrl } }),
    );
    // One page is enough to see the refusal or the fetch.
    await user.api(`/api/vendors/${vendor.id}/crawler-settings`, {
      method: 'PUT',
      json: { maxPages: 1, crawlDelay: 500, startUrls: [targetUrl] },
    });
    const started = await json<CrawlJob>(
      user.api('/api/crawls', { method: 'POST', json: { vendorId: vendor.id, method: 'http' } }),
    );
    return waitFor(
      async () => {
        const job = await json<CrawlJob>(user.api(`/api/crawls/${started.id}`));
        return ['completed', 'failed'].includes(job.status) && job;
      },
      { intervalMs: 100 },
    );
  };

  it('crawls: 169.254.169.254 refused always, 127.0.0.1 only in the demo', async () => {
    const metadata = await crawl('http://169.254.169.254/latest/meta-data/');
    expect(metadata).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/SSRF guard: 169\.254\.169\.254 is a cloud metadata address$/),
    });
    const local = await crawl(`http://127.0.0.1:${site.port}/`);
    if (demo) expect(local.status).toBe('completed');
    else
      expect(local).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/SSRF guard: 127\.0\.0\.1 is a loopback address/),
      });
  });

  it('test crawls: 169.254.169.254 refused always, 127.0.0.1 only in the demo', async () => {
    const testCrawl = (url: string) =>
      json<TestCrawlResult & { success: boolean; message?: string }>(
        user.api('/api/crawls/test', { method: 'POST', json: { url, method: 'http' } }),
      );
    expect(JSON.stringify(await testCrawl('http://169.254.169.254/'))).toMatch(/cloud metadata address/);
    const local = await testCrawl(`http://127.0.0.1:${site.port}/about`);
    if (demo) expect(local.data).toMatchObject({ statusCode: 200 });
    else expect(JSON.stringify(local)).toMatch(/127\.0\.0\.1 is a loopback address/);
  });

  it('ScrapingBee endpoints: 169.254.169.254 refused always, 127.0.0.1 only in the demo', async () => {
    const test = (apiEndpoint: string) =>
      json<ConnectionTestResult>(
        user.api('/api/crawler-configs/test', { method: 'POST', json: { apiKey: 'good-key-1234', apiEndpoint } }),
      );
    expect(await test('http://169.254.169.254/api/v1')).toMatchObject({
      success: false,
      message: expect.stringMatching(/cloud metadata address/),
    });
    const local = await test(bee.endpoint);
    if (demo) expect(local).toMatchObject({ success: true });
    else expect(local).toMatchObject({ success: false, message: expect.stringMatching(/127\.0\.0\.1 is a loopback address/) });
    const saved = await json<CrawlerConfig>(
      user.api('/api/crawler-configs', {
        method: 'POST',
        json: { name: 'Metadata', apiKey: 'good-key-1234', apiEndpoint: 'http://169.254.169.254/api/v1' },
      }),
    );
    await user.api(`/api/crawler-configs/${saved.id}/activate`, { method: 'POST' });
    expect(await json(user.api('/api/scrapingbee/test'))).toMatchObject({ success: false });
  });
});
