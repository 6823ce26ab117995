import { startFixtureSite, startScrapingBeeServer, type FixtureSite, type ScrapingBeeServer } from '../../../test-support';
import { expectFixtureCrawl, expectNoOverlap, FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

describe('crawl job, method api (ScrapingBee protocol)', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let bee: ScrapingBeeServer;

  beforeAll(async () => {
    bee = await startScrapingBeeServer({ keys: { 'good-key': 1000 } });
    harness = await startWorkerHarness();
    await harness.startWorker();
  });
  afterAll(async () => {
    await harness.close();
    await bee.close();
  });
  beforeEach(async () => {
    site = await startFixtureSite();
  });
  afterEach(() => site.close());

  it('crawls the fixture site through the API with the key from the crawler configuration, counting credits', async () => {
    const { userId, vendorId } = await harness.createUser();
    const configId = await harness.createCrawlerConfig(userId, 'good-key', bee.endpoint);
    const id = await harness.startCrawl({
      method: 'api',
      targetUrl: `${site.url}/`,
      settings: FIXTURE_SCOPE,
      crawlerConfigId: configId,
      userId,
      vendorId,
    });
    const byPath = await expectFixtureCrawl(harness, id, site);
    expectNoOverlap(site, FIXTURE_SCOPE.crawlDelay, { apiFollowsRedirects: true });

    // Every page call asked for render_js=false (1 credit each) and the job row adds up Spb-cost.
    const pageCalls = bee.calls.filter((c) => c.apiKey === 'good-key');
    expect(pageCalls.every((c) => !c.renderJs)).toBe(true);
    const charged = pageCalls.reduce((sum, c) => sum + c.cost, 0);
    expect(charged).toBeGreaterThan(0);
    expect((await harness.job(id)).creditsUsed).toBe(charged);
    expect(bee.usage('good-key')!.used).toBe(charged);
    // The target's own headers arrive prefixed Spb- and are stored unprefixed.
    expect(byPath['/']!.responseHeaders).toMatchObject({ 'x-frame-options': 'DENY' });
    // The payload never carried the key: only the row id.
    const job = await harness.waitForJobFinished(id);
    expect(job!.data).toEqual({ crawlJobId: id });
  });

  it('fails the crawl with a clear message when the API rejects the key', async () => {
    const { userId, vendorId } = await harness.createUser();
    const configId = await harness.createCrawlerConfig(userId, 'unknown-key', bee.endpoint);
    const id = await harness.startCrawl({
      method: 'api',
      targetUrl: `${site.url}/`,
      crawlerConfigId: configId,
      userId,
      vendorId,
    });
    const job = await harness.waitForStatus(id, ['failed', 'completed']);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/Invalid api key/);
    expect(job.completedAt).toBeInstanceOf(Date);
  });

  it('fails when the credits are exhausted, and when there is no crawler configuration', async () => {
    bee.setCredits('spent-key', 100, 100);
    const { userId, vendorId } = await harness.createUser();
    const configId = await harness.createCrawlerConfig(userId, 'spent-key', bee.endpoint);
    const spent = await harness.startCrawl({
      method: 'api',
      targetUrl: `${site.url}/`,
      crawlerConfigId: configId,
      userId,
      vendorId,
    });
    expect(await harness.waitForStatus(spent, ['failed', 'completed'])).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/credits exhausted/),
    });

    const missing = await harness.startCrawl({ method: 'api', targetUrl: `${site.url}/` });
    expect(await harness.waitForStatus(missing, ['failed', 'completed'])).toMatchObject({
      status: 'failed',
      error: 'API key is required to start a crawl job',
    });
  });

  it('retries 429 (too many concurrent requests) and then records the page', async () => {
    const busy = await startScrapingBeeServer({ keys: { 'busy-key': 1000 }, maxConcurrency: 0 });
    try {
      const { userId, vendorId } = await harness.createUser();
      const configId = await harness.createCrawlerConfig(userId, 'busy-key', busy.endpoint);
      const id = await harness.startCrawl({
        method: 'api',
        targetUrl: `${site.url}/about`,
        settings: { maxPages: 1, maxRetries: 1 },
        crawlerConfigId: configId,
        userId,
        vendorId,
      });
      const job = await harness.waitForStatus(id, ['failed', 'completed']);
      const [page] = await harness.pages(id);
      expect(page!.error).toMatch(/too many concurrent requests \(429\)/);
      expect(job.status).toBe('failed');
    } finally {
      await busy.close();
    }
  });
});
