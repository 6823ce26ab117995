import type { CheckOutcome, CrawlMethod, PageReadBy, RenderingSummary } from '@vendorwatch/contracts';
import { ComplianceAssessmentsRepository, WorkspacesRepository } from '@vendorwatch/db';
import { startMixedSite, type MixedSite } from '../../../test-support';
import { FAST_CRAWL, pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/**
 * The adaptive method against the browser, with real Chromium (issue 43): on a site that mixes
 * server-rendered pages with pages whose links, cookies, trackers, consent banner or library come from
 * scripts, an adaptive crawl stores the same pages and gives every check the same outcome as a browser
 * crawl; on a server-rendered site it reads most pages over plain HTTP.
 */
describe('the adaptive method', () => {
  let harness: WorkerHarness;
  let mixed: MixedSite;
  let served: MixedSite;
  let assessments: ComplianceAssessmentsRepository;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    mixed = await startMixedSite();
    served = await startMixedSite({ javascript: false, docs: 30 });
    assessments = new ComplianceAssessmentsRepository(harness.database.db);
  });
  afterAll(async () => {
    await harness.close();
    await mixed.close();
    await served.close();
  });

  interface Crawled {
    paths: string[];
    outcomes: Record<string, CheckOutcome>;
    rendering: RenderingSummary | null;
    readBy: Record<string, PageReadBy | undefined>;
  }

  async function crawl(method: CrawlMethod, site: MixedSite): Promise<Crawled> {
    const { userId, vendorId } = await harness.createUser();
    const workspaceId = (await new WorkspacesRepository(harness.database.db).personalOf(userId))!.workspaceId;
    const id = await harness.startCrawl({
      method,
      targetUrl: `${site.url}/`,
      settings: { ...FAST_CRAWL, maxPages: 100 },
      userId,
      vendorId,
    });
    expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    const stored = await harness.waitFor(() => assessments.findByJob(workspaceId, id), 60_000, 'the assessment');
    const checks = await assessments.checkResults(stored.id);
    const pages = await harness.pages(id);
    return {
      paths: pathsOf(pages),
      outcomes: Object.fromEntries(checks.map((check) => [check.checkId, check.outcome])),
      rendering: stored.rendering,
      readBy: Object.fromEntries(pages.map((page) => [new URL(page.url).pathname, page.document?.readBy])),
    };
  }

  it('gives the browser crawl’s pages and check outcomes on a site where scripts add links, cookies, trackers, a banner and a library', async () => {
    const browser = await crawl('puppeteer', mixed);
    const adaptive = await crawl('adaptive', mixed);

    // The fixture is what it says: the browser finds what only scripts show.
    expect(browser.paths).toEqual(mixed.paths);
    expect(browser.outcomes).toMatchObject({
      'trackers-before-consent': 'fail',
      'vulnerable-js-libraries': 'fail',
      'cookie-consent': 'pass',
    });

    expect(adaptive.paths).toEqual(browser.paths);
    expect(adaptive.outcomes).toEqual(browser.outcomes);

    // Where the browser saw more, the template was read in the browser throughout, and the page says why.
    expect(adaptive.readBy['/app']).toMatchObject({
      via: 'browser',
      reason: 'new-template',
      differences: expect.arrayContaining(['links']),
    });
    expect(adaptive.readBy['/shop/1']).toMatchObject({ via: 'browser', differences: expect.arrayContaining(['cookies']) });
    expect(adaptive.readBy['/shop/3']).toMatchObject({ via: 'browser', reason: 'template-differs' });
    expect(adaptive.readBy['/blog/1']).toMatchObject({
      via: 'browser',
      differences: expect.arrayContaining(['scripts', 'third-party requests', 'consent']),
    });
    expect(adaptive.readBy['/tools']).toMatchObject({ via: 'browser', differences: expect.arrayContaining(['library globals']) });
    expect(adaptive.rendering).toMatchObject({ pages: mixed.paths.length });
    expect(adaptive.rendering!.byReason['template-differs']).toBeGreaterThanOrEqual(2);
    expect(adaptive.rendering!.overHttp).toBeGreaterThan(0);
    expect(browser.rendering).toBeNull();
  });

  it('reads a server-rendered site mostly over HTTP, with the browser crawl’s findings', async () => {
    const adaptive = await crawl('adaptive', served);
    const browser = await crawl('puppeteer', served);

    expect(adaptive.paths).toEqual(served.paths);
    expect(adaptive.paths).toEqual(browser.paths);
    expect(adaptive.outcomes).toEqual(browser.outcomes);

    const rendering = adaptive.rendering!;
    expect(rendering.pages).toBe(served.paths.length);
    expect(rendering.byReason['template-differs']).toBe(0);
    expect(rendering.templatesInBrowser).toBe(0);
    // The first two pages of each template and one in ten after: a quarter of the site at most.
    expect(rendering.inBrowser).toBeLessThanOrEqual(Math.ceil(served.paths.length / 4));
    expect(rendering.overHttp).toBe(served.paths.length - rendering.inBrowser);
    expect(adaptive.readBy['/docs/3']).toMatchObject({ via: 'http', reason: null });
    expect(adaptive.readBy['/docs/10']).toMatchObject({ via: 'browser', reason: 'recheck' });
  });
});
