import {
  FIXTURE_CRAWLABLE_PATHS,
  FIXTURE_REDIRECT,
  FIXTURE_TWINS,
  startFixtureSite,
  type FixtureSite,
} from '../../../test-support';
import { pathsOf, type WorkerHarness } from './worker-harness';

/**
 * Settings under which a crawl of the fixture's home page reaches exactly FIXTURE_CRAWLABLE_PATHS,
 * with a crawl delay the request log can be checked against.
 */
export const FIXTURE_SCOPE = { excludePatterns: ['/drafts/**'], maxRetries: 1, crawlDelay: 60 };

/** Settings under which each page of the fixture is fetched exactly once: nothing broken or flaky to retry. */
export const EVERY_PAGE_ONCE = { excludePatterns: ['/drafts/**', '/broken', '/flaky'], maxRetries: 1 };

/** The paths a crawl under EVERY_PAGE_ONCE stores, for a site with `extraPages`. */
export const everyPageOnce = (extraPages: number) =>
  [
    ...FIXTURE_CRAWLABLE_PATHS.filter((path) => path !== '/broken' && path !== '/flaky'),
    ...Array.from({ length: extraPages }, (_, i) => `/extra/${i + 1}`),
  ].sort();

/** A crawl and the fixture site it alone crawls, so the site's request log is this crawl's. */
export interface OwnSiteCrawl {
  site: FixtureSite;
  id: string;
}

/** Starts a site of its own for a crawl (kept in `sites` for closing) and an http crawl of it under EVERY_PAGE_ONCE. */
export async function crawlOwnSite(
  harness: WorkerHarness,
  sites: FixtureSite[],
  extraPages: number,
  settings: Record<string, unknown>,
): Promise<OwnSiteCrawl> {
  const site = await startFixtureSite({ extraPages, flakyFailures: 0 });
  sites.push(site);
  const settingsOnce = { ...EVERY_PAGE_ONCE, ...settings };
  return { site, id: await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: settingsOnce }) };
}

/**
 * What every method must produce for the fixture site: the same page set and the same facts.
 * Returns the pages so a method's own test can check what only it does.
 */
export async function expectFixtureCrawl(harness: WorkerHarness, jobId: string, site: FixtureSite) {
  const job = await harness.waitForStatus(jobId, ['completed', 'failed', 'cancelled']);
  expect(job.error).toBeNull();
  expect(job.status).toBe('completed');
  const pages = await harness.pages(jobId);
  expect(pathsOf(pages)).toEqual([...FIXTURE_CRAWLABLE_PATHS].sort());
  expect(job).toMatchObject({ pagesDone: pages.length, pagesPlanned: pages.length, progress: 100 });
  expect(job.startedAt).toBeInstanceOf(Date);
  expect(job.completedAt).toBeInstanceOf(Date);

  const byPath = Object.fromEntries(pages.map((p) => [new URL(p.url).pathname, p]));
  expect(byPath['/']).toMatchObject({
    statusCode: 200,
    title: 'Example Vendor',
    description: 'Example Vendor — Example Vendor',
    error: null,
  });
  expect(byPath['/']!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  expect(byPath['/']!.responseHeaders).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
  expect(byPath['/']!.document).toMatchObject({
    lang: 'en',
    policyLinks: { privacy: [`${site.url}/privacy`], terms: [`${site.url}/terms`] },
    consentMarker: expect.stringContaining('cookie'),
  });
  expect(byPath['/']!.linksCount).toBeGreaterThanOrEqual(14);
  // Links are kept as canonical URLs: the tracking twin of /about is /about.
  expect(byPath['/']!.links).toEqual(
    expect.arrayContaining([`${site.url}/about`, `${site.url}/old-page`, 'https://other.test/elsewhere']),
  );
  expect(byPath['/']!.links).not.toContain(`${site.url}/about?utm_source=newsletter&utm_medium=email`);
  expect(byPath['/contact']!.document).toMatchObject({ imagesTotal: 3, imagesWithoutAlt: 2, consentMarker: null });
  expect(byPath['/products/widget']).toMatchObject({ description: null });
  expect(byPath['/missing']).toMatchObject({ statusCode: 404, error: null });
  expect(byPath['/broken']).toMatchObject({ statusCode: 500 });
  expect(byPath['/flaky']).toMatchObject({ statusCode: 200, title: 'Flaky page' });
  expect(byPath['/files/report.pdf']).toMatchObject({ statusCode: 200, title: null, linksCount: 0 });
  expect(byPath['/files/report.pdf']!.contentType).toMatch(/application\/pdf/);
  expect(byPath['/files/report.pdf']!.document).toBeNull();
  // The redirect chain's target is one page, stored under its own URL with the chain that led to it.
  expect(byPath[FIXTURE_REDIRECT.end]).toMatchObject({
    statusCode: 200,
    finalUrl: `${site.url}${FIXTURE_REDIRECT.end}`,
    title: 'New page',
  });
  expect(byPath[FIXTURE_REDIRECT.end]!.redirectChain[0]).toBe(`${site.url}${FIXTURE_REDIRECT.start}`);
  expect(byPath['/products/widget-c']).toMatchObject({ statusCode: 200, title: 'Widget C' });

  // robots.txt Disallow, exclude patterns and off-site links: never requested.
  expect(site.requestsFor('/private/secret')).toHaveLength(0);
  expect(site.requestsFor('/drafts/wip')).toHaveLength(0);
  expect(site.requests.filter((r) => !r.host.startsWith('127.0.0.1'))).toHaveLength(0);
  // No URL requested twice — except /flaky (503, then retried) and /broken (500, retried maxRetries
  // times) — and no other spelling of a page requested at all.
  const counts = site.requestCounts();
  const retried: Record<string, number> = { '/flaky': 2, '/broken': 1 + FIXTURE_SCOPE.maxRetries };
  for (const [path, count] of Object.entries(counts))
    if (!path.startsWith('/images/')) expect([path, count]).toEqual([path, retried[path] ?? 1]);
  for (const twin of FIXTURE_TWINS) expect(site.requestsFor(twin)).toHaveLength(0);
  expect(counts[FIXTURE_REDIRECT.end]).toBe(1);

  const skipped = (await harness.frontier(jobId)).filter((row) => row.state === 'skipped');
  expect(skipped.map((row) => [new URL(row.url).pathname, row.lastError])).toEqual([
    ['/private/secret', 'Disallowed by robots.txt'],
  ]);
  return byPath;
}

/**
 * One request at a time to the host, `minGapMs` apart from the end of one to the start of the next
 * (robots.txt itself is fetched before its Crawl-delay is known, so it is left out with `pagesOnly`).
 * A scraping API follows a redirect itself, inside one call: with `apiFollowsRedirects` the hop
 * after a 3xx answer is not held to the gap — everything the crawl itself sent is.
 */
export function expectNoOverlap(
  site: FixtureSite,
  minGapMs = 0,
  options: { pagesOnly?: boolean; apiFollowsRedirects?: boolean } = {},
) {
  const timeline = site.requests
    .filter((r) => !r.path.startsWith('/images/') && !(options.pagesOnly && r.path === '/robots.txt'))
    .sort((a, b) => a.startedAt - b.startedAt);
  const tooClose: string[] = [];
  for (let i = 1; i < timeline.length; i++) {
    const previous = timeline[i - 1]!;
    if (options.apiFollowsRedirects && previous.status !== null && previous.status >= 300 && previous.status < 400) continue;
    const gap = timeline[i]!.startedAt - previous.finishedAt!;
    if (gap < minGapMs) tooClose.push(`${previous.path} → ${timeline[i]!.path}: ${gap} ms`);
  }
  expect(tooClose).toEqual([]);
}
