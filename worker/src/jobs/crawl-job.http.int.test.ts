import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { expectFixtureCrawl, expectNoOverlap, FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

describe('crawl job, method http', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    site = await startFixtureSite();
  });
  afterEach(() => site.close());

  it('crawls exactly the fixture site: sitemap, robots, excludes, redirects, errors, retries, PDFs', async () => {
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: FIXTURE_SCOPE });
    await expectFixtureCrawl(harness, id, site);
    expectNoOverlap(site, FIXTURE_SCOPE.crawlDelay);
    expect(site.requests.every((r) => r.userAgent.includes('VendorwatchBot'))).toBe(true);
  });

  it('stops at maxPages: pages planned = min(discovered, maxPages)', async () => {
    const id = await harness.startCrawl({
      method: 'http',
      targetUrl: `${site.url}/`,
      settings: { ...FIXTURE_SCOPE, maxPages: 3 },
    });
    const job = await harness.waitForStatus(id, ['completed']);
    expect(job).toMatchObject({ pagesDone: 3, pagesPlanned: 3, progress: 100 });
    // Start URL first, then the sitemap's pages in order.
    expect(pathsOf(await harness.pages(id))).toEqual(['/', '/about', '/sitemap-only']);
  });

  it("honours robots.txt Crawl-delay when it is longer than the crawl's own delay", async () => {
    const slowSite = await startFixtureSite({ crawlDelaySeconds: 0.4 });
    try {
      const id = await harness.startCrawl({
        method: 'http',
        targetUrl: `${slowSite.url}/`,
        settings: { ...FIXTURE_SCOPE, maxPages: 3, crawlDelay: 100 },
      });
      await harness.waitForStatus(id, ['completed']);
      const pageRequests = slowSite.requests.filter((r) => !r.path.endsWith('.txt') && !r.path.endsWith('.xml'));
      expect(pageRequests).toHaveLength(3);
      expectNoOverlap(slowSite, 400, { pagesOnly: true });
    } finally {
      await slowSite.close();
    }
  });

  it('matches exclude patterns against the path (globs) or, with a scheme, the whole URL', async () => {
    const id = await harness.startCrawl({
      method: 'http',
      targetUrl: `${site.url}/`,
      settings: {
        excludePatterns: [
          '/drafts/**',
          '*.pdf',
          `${site.url}/products/**`,
          '/missing',
          '/broken',
          '/flaky',
          '/slow',
          '/old-page',
          '/new-page',
          '/products/widget-c',
        ],
      },
    });
    await harness.waitForStatus(id, ['completed']);
    // `…/products/**` also matches /products itself (globstar matches zero segments).
    expect(pathsOf(await harness.pages(id))).toEqual(['/', '/about', '/contact', '/privacy', '/sitemap-only', '/terms']);
  });
});
