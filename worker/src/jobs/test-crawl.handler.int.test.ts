import { JobQueues, puppeteerHealth, readWorkerHeartbeats } from '@vendorwatch/runtime';
import { startFixtureSite, startScrapingBeeServer, type FixtureSite, type ScrapingBeeServer } from '../../../test-support';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

describe('test crawls and worker heartbeats', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let bee: ScrapingBeeServer;
  let queues: JobQueues;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    site = await startFixtureSite();
    bee = await startScrapingBeeServer({ keys: { 'good-key': 100 } });
    await harness.startWorker();
    const config = { REDIS_URL: 'redis://127.0.0.1:6379', QUEUE_PREFIX: harness.config.QUEUE_PREFIX! };
    queues = new JobQueues(config, { role: 'worker', connectionName: 'test-crawl-test' });
  });
  afterAll(async () => {
    await queues.close();
    await harness.close();
    await site.close();
    await bee.close();
  });

  it('http: returns the page facts and stores nothing', async () => {
    const { userId, workspaceId } = await harness.createUser();
    const result = await queues.runTestCrawl({ userId, workspaceId, url: `${site.url}/old-page`, method: 'http', settings: {} });
    expect(result).toMatchObject({
      screenshot: null,
      data: { url: `${site.url}/old-page`, finalUrl: `${site.url}/new-page`, statusCode: 200, title: 'New page', error: null },
    });
    expect(result.data.links).toEqual([`${site.url}/`]);
    expect(result.data.headers['x-frame-options']).toBe('DENY');
  });

  it('puppeteer: returns a PNG screenshot as a data URL', async () => {
    const { userId, workspaceId } = await harness.createUser();
    const result = await queues.runTestCrawl({
      userId,
      workspaceId,
      url: `${site.url}/`,
      method: 'puppeteer',
      settings: { takeScreenshots: true, simulateHumanBehavior: false, waitTime: 0 },
    });
    expect(result.data).toMatchObject({ statusCode: 200, title: 'Example Vendor' });
    expect(result.screenshot).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  it('api: uses the crawler configuration; an unknown page comes back as its 404', async () => {
    const { userId, workspaceId } = await harness.createUser();
    const crawlerConfigId = await harness.createCrawlerConfig(userId, 'good-key', bee.endpoint);
    const result = await queues.runTestCrawl({
      userId,
      workspaceId,
      url: `${site.url}/nowhere`,
      method: 'api',
      settings: {},
      crawlerConfigId,
    });
    expect(result.data).toMatchObject({ statusCode: 404, title: 'Not found', error: null });
  });

  it('reports an unreachable page as an error in the result', async () => {
    const { userId, workspaceId } = await harness.createUser();
    const result = await queues.runTestCrawl({
      userId,
      workspaceId,
      url: 'http://does-not-exist.invalid/',
      method: 'http',
      settings: { maxRetries: 0 },
    });
    expect(result.data).toMatchObject({ statusCode: null, error: expect.stringMatching(/Host not found/) });
  });

  it('writes a heartbeat the backend reads for /api/health, and removes it on shutdown', async () => {
    const prefix = { QUEUE_PREFIX: harness.config.QUEUE_PREFIX! };
    // The heartbeat is rewritten every few seconds: wait for one written after the last test's job ended.
    const beat = await harness.waitFor(
      async () => (await readWorkerHeartbeats(harness.redis, prefix)).find((b) => b.activeJobs === 0),
      30_000,
      'an idle heartbeat',
    );
    expect(beat).toMatchObject({ pid: process.pid, browser: 'ok', activeJobs: 0 });
    expect(puppeteerHealth([beat])).toBe('ok');
    expect(puppeteerHealth([beat, { ...beat, browser: 'down' }])).toBe('ok');
    expect(puppeteerHealth([{ ...beat, browser: 'down' }])).toBe('degraded');
    expect(puppeteerHealth([])).toBe('degraded');

    const extra = await harness.startWorker();
    expect(await readWorkerHeartbeats(harness.redis, prefix)).toHaveLength(2);
    await extra.close();
    expect(await readWorkerHeartbeats(harness.redis, prefix)).toHaveLength(1);
  });
});
