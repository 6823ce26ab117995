import type { CrawlMethod } from '@vendorwatch/contracts';
import type { WorkspaceId } from '@vendorwatch/db';
import { CrawlAbortedError } from '../primitives/abort';
import { UrlCanonicalizer } from '../urls/canonical-url';
import { Crawler, type CrawlPlan } from './crawler';
import { PageFetchError, RetryableFetchError, UnexpectedCrawlError } from '../primitives/errors';
import { ProgressReporter } from './progress';
import { CrawlScopeRules } from '../urls/scope';
import { FakeSite, htmlPage, type FakeRoute } from '../testing/fake-site';
import { InMemoryFrontier } from '../testing/in-memory-frontier';
import { InMemoryHostGate } from '../testing/in-memory-host-gate';
import { VirtualClock } from '../testing/virtual-clock';

/**
 * The crawl loop with in-memory fakes for the frontier, the site, the host gate and the clock: one
 * behaviour per test, no PostgreSQL, Redis or Chromium, virtual time (a 1 s delay costs nothing).
 * The same behaviours run for real in the jobs/crawl-job.*.test.ts integration suites.
 */
const SITE = 'https://vendor.test';
const JOB = 'job-1';
const DELAY = 1000;

function crawlWorld(routes: Record<string, FakeRoute>) {
  const clock = new VirtualClock();
  const site = new FakeSite(clock, routes);
  const frontier = new InMemoryFrontier(clock);
  const scopeHosts: string[] = [];
  const crawler = new Crawler({
    frontier,
    jobs: {
      addScopeHost: async (_job, host) => void scopeHosts.push(host),
      saveSiteFacts: async () => undefined,
      useStartUrls: async () => undefined,
    },
    http: site.http,
    hostGate: new InMemoryHostGate(clock),
    screenshots: { save: async (_job, url) => `screenshots/${url}` },
    clock,
  });
  const progressWrites: number[] = [];
  const progress = new ProgressReporter(
    JOB,
    {
      counts: (job) => frontier.counts(job),
      writeProgress: async (job) => {
        const counts = await frontier.counts(job);
        progressWrites.push(counts.done);
        return counts;
      },
    },
    () => {},
  );

  const plan = (overrides: Partial<CrawlPlan> & { keep?: string[]; exclude?: string[] } = {}): CrawlPlan => {
    const startUrls = overrides.startUrls ?? [`${SITE}/`];
    return {
      owner: { jobId: JOB, workspaceId: 'workspace-1' as WorkspaceId, userId: 'user-1', vendorId: 'vendor-1' },
      startUrls,
      scope: new CrawlScopeRules(startUrls, [], overrides.exclude ?? []),
      canonical: new UrlCanonicalizer(overrides.keep ?? []),
      maxPages: 100,
      crawlDelayMs: DELAY,
      maxRetries: 2,
      ...overrides,
    };
  };

  return {
    clock,
    site,
    frontier,
    scopeHosts,
    progressWrites,
    run: (overrides: Parameters<typeof plan>[0] = {}, method: CrawlMethod = 'http', signal = new AbortController().signal) =>
      crawler.run(plan(overrides), site.fetcher(method), signal, progress),
    pages: () => [...(frontier.pages.get(JOB)?.values() ?? [])],
    page: (url: string) => frontier.pages.get(JOB)?.get(url),
    pageUrls: () => [...(frontier.pages.get(JOB)?.keys() ?? [])].sort(),
    rows: () => frontier.list(JOB),
    /** Every gap between one request's end and the next one's start on the same host. */
    gaps: () => {
      const byHost = new Map<string, { startedAt: number; finishedAt: number }[]>();
      for (const request of site.requests) byHost.set(request.host, [...(byHost.get(request.host) ?? []), request]);
      return [...byHost.values()].flatMap((requests) => requests.slice(1).map((r, i) => r.startedAt - requests[i]!.finishedAt));
    },
  };
}

const page = (title: string, ...links: string[]) => ({ html: htmlPage(title, ...links) });

describe('crawl loop (in-memory fakes, virtual time)', () => {
  it('a URL with tracking parameters and its clean form are one page, fetched once', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/about?utm_source=newsletter&utm_medium=email', '/about', '/about?gclid=1#team'),
      [`${SITE}/about`]: page('About'),
    });
    await world.run();
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/about`]);
    expect(world.site.requests.map((r) => r.url).filter((u) => u.includes('/about'))).toEqual([`${SITE}/about`]);
  });

  it('a slash twin is the same page: the first form seen is fetched, its relative links resolve against it', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/products/widget-c', '/products/widget-c/'),
      [`${SITE}/products/widget-c`]: page('Widget C', 'widget-a'),
      [`${SITE}/products/widget-a`]: page('Widget A'),
    });
    await world.run();
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/products/widget-a`, `${SITE}/products/widget-c`]);
    expect(world.site.requestsFor(`${SITE}/products/widget-c/`)).toHaveLength(0);
    expect(world.site.requestsFor(`${SITE}/products/widget-c/widget-a`)).toHaveLength(0);
  });

  it('sends the frontier only the links it does not hold yet; the pages, their links and a full frontier are as before', async () => {
    const nav = ['/', '/a', '/b', '/c', '/d'];
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', ...nav),
      [`${SITE}/a`]: page('A', ...nav, '/e'),
      [`${SITE}/b`]: page('B', ...nav, '/e', '/f'),
      [`${SITE}/c`]: page('C', ...nav, '/f', '/g'),
      [`${SITE}/d`]: page('D', ...nav),
      [`${SITE}/e`]: page('E', ...nav),
      [`${SITE}/f`]: page('F', ...nav),
      [`${SITE}/g`]: page('G', ...nav),
    });
    const sent: string[] = [];
    const recordPage = world.frontier.recordPage.bind(world.frontier);
    world.frontier.recordPage = (jobId, url, outcome) => {
      sent.push(...outcome.discovered.map((entry) => entry.url));
      return recordPage(jobId, url, outcome);
    };
    // Room for six pages: /g is linked only once the frontier is full, and stays out, as it always did.
    await world.run({ maxPages: 6 });
    expect(world.pageUrls()).toEqual(['/', '/a', '/b', '/c', '/d', '/e'].map((path) => `${SITE}${path}`));
    expect(world.page(`${SITE}/b`)?.links).toEqual([...nav, '/e', '/f'].map((path) => `${SITE}${path}`));
    expect(world.rows().map((row) => row.url)).not.toContain(`${SITE}/g`);
    // Each nav link went to the frontier once (home's), not again with every page that repeats it.
    expect(sent.filter((url) => url === `${SITE}/a`)).toHaveLength(1);
  });

  it('keeps the query parameters a site needs when the vendor lists them', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/catalogue?ref=a', '/catalogue?ref=b'),
      [`${SITE}/catalogue?ref=a`]: page('A'),
      [`${SITE}/catalogue?ref=b`]: page('B'),
    });
    await world.run({ keep: ['ref'] });
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/catalogue?ref=a`, `${SITE}/catalogue?ref=b`]);
  });

  it('never requests off-site links or excluded paths', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', 'https://other.test/x', '/drafts/wip', '/about'),
      [`${SITE}/about`]: page('About'),
    });
    await world.run({ exclude: ['/drafts/**'] });
    expect(world.site.requests.map((r) => r.url)).not.toEqual(expect.arrayContaining([`${SITE}/drafts/wip`]));
    expect(world.site.requests.some((r) => r.host === 'other.test')).toBe(false);
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/about`]);
  });

  it('keeps a robots.txt-disallowed URL for the record without requesting it', async () => {
    const world = crawlWorld({
      [`${SITE}/robots.txt`]: { html: 'User-agent: *\nDisallow: /private/', headers: { 'content-type': 'text/plain' } },
      [`${SITE}/`]: page('Home', '/private/secret'),
    });
    await world.run();
    expect(world.site.requestsFor(`${SITE}/private/secret`)).toHaveLength(0);
    expect(world.rows().find((r) => r.url === `${SITE}/private/secret`)).toMatchObject({
      state: 'skipped',
      lastError: 'Disallowed by robots.txt',
    });
  });

  it("waits the site's robots.txt Crawl-delay when it is longer than the crawl's", async () => {
    const world = crawlWorld({
      [`${SITE}/robots.txt`]: { html: 'User-agent: *\nCrawl-delay: 3', headers: { 'content-type': 'text/plain' } },
      [`${SITE}/`]: page('Home', '/a', '/b'),
      [`${SITE}/a`]: page('A'),
      [`${SITE}/b`]: page('B'),
    });
    await world.run();
    const pageRequests = world.site.requests.filter((r) => !r.url.endsWith('.txt') && !r.url.endsWith('.xml'));
    expect(pageRequests).toHaveLength(3);
    for (let i = 1; i < pageRequests.length; i++)
      expect(pageRequests[i]!.startedAt - pageRequests[i - 1]!.finishedAt).toBeGreaterThanOrEqual(3000);
  });

  it('every redirect hop waits the crawl delay, like robots.txt and sitemap requests: no two requests to a host closer', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/old'),
      [`${SITE}/old`]: { location: '/moved', status: 301 },
      [`${SITE}/moved`]: { location: '/new', status: 302 },
      [`${SITE}/new`]: page('New'),
    });
    await world.run();
    expect(world.site.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/robots.txt',
      '/sitemap.xml',
      '/',
      '/old',
      '/moved',
      '/new',
    ]);
    expect(Math.min(...world.gaps())).toBeGreaterThanOrEqual(DELAY);
  });

  it('a redirect target that is also linked is fetched once; its page keeps the redirect chain', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/old', '/new'),
      [`${SITE}/old`]: { location: '/new' },
      [`${SITE}/new`]: page('New'),
    });
    await world.run();
    expect(world.site.requestsFor(`${SITE}/new`)).toHaveLength(1);
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/new`]);
    expect(world.page(`${SITE}/new`)).toMatchObject({ title: 'New', redirectChain: [`${SITE}/old`] });
    expect(world.rows().find((r) => r.url === `${SITE}/old`)).toMatchObject({ state: 'redirected', redirectedTo: `${SITE}/new` });
  });

  it('a redirect to a page the crawl already has stops at the redirect: the target is not fetched again', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/new', '/old'),
      [`${SITE}/new`]: page('New'),
      [`${SITE}/old`]: { location: '/new' },
    });
    await world.run();
    expect(world.site.requestsFor(`${SITE}/new`)).toHaveLength(1);
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/new`]);
    expect(world.rows().find((r) => r.url === `${SITE}/old`)).toMatchObject({ state: 'redirected', redirectedTo: `${SITE}/new` });
  });

  it('a scraping API follows redirects itself: the final URL is claimed afterwards and not fetched again', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/old', '/new'),
      [`${SITE}/old`]: { location: '/new' },
      [`${SITE}/new`]: page('New'),
    });
    await world.run({}, 'api');
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/new`]);
    // The API fetched /new while following /old's redirect; the crawl itself never asks for it again.
    expect(world.site.requestsFor(`${SITE}/new`)).toHaveLength(1);
  });

  it("a start URL that redirects to its www twin brings that host into the crawl's scope", async () => {
    const world = crawlWorld({
      ['https://vendor.test/']: { location: 'https://www.vendor.test/' },
      ['https://www.vendor.test/']: page('Home', '/about'),
      ['https://www.vendor.test/about']: page('About'),
    });
    await world.run();
    expect(world.scopeHosts).toEqual(['www.vendor.test']);
    expect(world.pageUrls()).toEqual(['https://www.vendor.test/', 'https://www.vendor.test/about']);
  });

  it('retries a "later" answer after its Retry-After, and keeps the answer that follows', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/flaky'),
      [`${SITE}/flaky`]: [{ status: 503, headers: { 'retry-after': '5' }, html: 'busy' }, page('Flaky')],
    });
    await world.run();
    const [first, second] = world.site.requestsFor(`${SITE}/flaky`);
    expect(second!.startedAt - first!.finishedAt).toBeGreaterThanOrEqual(5000);
    expect(world.page(`${SITE}/flaky`)).toMatchObject({ statusCode: 200, title: 'Flaky' });
  });

  it('stores the last server error once the retries are used up', async () => {
    const world = crawlWorld({ [`${SITE}/`]: page('Home', '/broken'), [`${SITE}/broken`]: { status: 500, html: 'oops' } });
    await world.run({ maxRetries: 1 });
    expect(world.site.requestsFor(`${SITE}/broken`)).toHaveLength(2);
    expect(world.page(`${SITE}/broken`)).toMatchObject({ statusCode: 500 });
  });

  it('records a network failure on the page once the retries are used up', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/down'),
      [`${SITE}/down`]: { error: new RetryableFetchError('Network error: ECONNRESET') },
    });
    await world.run({ maxRetries: 2 });
    expect(world.site.requestsFor(`${SITE}/down`)).toHaveLength(3);
    expect(world.page(`${SITE}/down`)).toMatchObject({ statusCode: null, error: 'Network error: ECONNRESET' });
  });

  it('records a refusal on the page without retrying it', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/refused'),
      [`${SITE}/refused`]: { error: new PageFetchError('Refused: private address') },
    });
    await world.run();
    expect(world.site.requestsFor(`${SITE}/refused`)).toHaveLength(1);
    expect(world.page(`${SITE}/refused`)).toMatchObject({ error: 'Refused: private address' });
  });

  it('an unexpected error (a bug) fails the crawl loudly with the URL, and is not stored as a failed page', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/buggy'),
      [`${SITE}/buggy`]: { error: new TypeError("Cannot read properties of undefined (reading 'title')") },
    });
    const run = world.run();
    await expect(run).rejects.toBeInstanceOf(UnexpectedCrawlError);
    await expect(run).rejects.toThrow(`${SITE}/buggy`);
    expect(world.page(`${SITE}/buggy`)).toBeUndefined();
    expect(world.page(`${SITE}/`)).toMatchObject({ title: 'Home' });
  });

  it('stops at a cancel and keeps what it fetched', async () => {
    const controller = new AbortController();
    const routes: Record<string, FakeRoute> = { [`${SITE}/`]: page('Home', '/1', '/2', '/3', '/4') };
    for (let i = 1; i <= 4; i++) routes[`${SITE}/${i}`] = { ...page(`Page ${i}`), latencyMs: 10 };
    const world = crawlWorld(routes);
    const run = world.run({}, 'http', controller.signal);
    // Cancel once the second linked page has been answered.
    while (world.site.requests.filter((r) => /\/\d$/.test(r.url)).length < 2) await new Promise((r) => setImmediate(r));
    controller.abort('cancel');
    await expect(run).rejects.toBeInstanceOf(CrawlAbortedError);
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/1`, `${SITE}/2`]);
  });

  it('caps the crawl at maxPages, redirects not counted', async () => {
    const world = crawlWorld({
      [`${SITE}/`]: page('Home', '/old', '/a', '/b', '/c'),
      [`${SITE}/old`]: { location: '/new' },
      [`${SITE}/new`]: page('New'),
      [`${SITE}/a`]: page('A'),
    });
    await world.run({ maxPages: 3 });
    expect(world.pageUrls()).toEqual([`${SITE}/`, `${SITE}/a`, `${SITE}/new`]);
    expect(await world.frontier.counts(JOB)).toMatchObject({ planned: 3, done: 3, redirected: 1, pending: 0, inProgress: 0 });
  });

  it('reports progress as pages are stored', async () => {
    const world = crawlWorld({ [`${SITE}/`]: page('Home', '/a'), [`${SITE}/a`]: page('A') });
    await world.run();
    expect(world.progressWrites[0]).toBe(0);
    expect(await world.frontier.counts(JOB)).toMatchObject({ planned: 2, done: 2 });
  });
});
