import { FIXTURE_CRAWLABLE_PATHS, FIXTURE_REDIRECT, type FixtureSite } from '../../../test-support';
import { pathsOf, type WorkerHarness } from './worker-harness';

/** Settings under which a crawl of the fixture's home page reaches exactly FIXTURE_CRAWLABLE_PATHS. */
export const FIXTURE_SCOPE = { excludePatterns: ['/drafts/**'], maxRetries: 1 };

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
  expect(byPath['/']!.securityHeaders).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
  expect(byPath['/']!.signals).toMatchObject({
    https: false,
    hasPrivacyPolicyLink: true,
    hasTermsLink: true,
    cookieConsentFound: true,
    titlePresent: true,
  });
  expect(byPath['/']!.linksCount).toBeGreaterThanOrEqual(14);
  expect(byPath['/contact']!.signals).toMatchObject({ imagesTotal: 3, imagesWithoutAlt: 2, cookieConsentFound: false });
  expect(byPath['/products/widget']).toMatchObject({ description: null });
  expect(byPath['/products/widget']!.signals).toMatchObject({ descriptionPresent: false });
  expect(byPath['/missing']).toMatchObject({ statusCode: 404, error: null });
  expect(byPath['/broken']).toMatchObject({ statusCode: 500 });
  expect(byPath['/flaky']).toMatchObject({ statusCode: 200, title: 'Flaky page' });
  expect(byPath['/files/report.pdf']).toMatchObject({ statusCode: 200, title: null, linksCount: 0 });
  expect(byPath['/files/report.pdf']!.contentType).toMatch(/application\/pdf/);
  expect(byPath['/files/report.pdf']!.signals).toMatchObject({ parsed: false });
  expect(byPath[FIXTURE_REDIRECT.start]).toMatchObject({
    statusCode: 200,
    finalUrl: `${site.url}${FIXTURE_REDIRECT.end}`,
    title: 'New page',
  });
  expect(byPath[FIXTURE_REDIRECT.start]!.redirectChain[0]).toBe(`${site.url}${FIXTURE_REDIRECT.start}`);

  // robots.txt Disallow, exclude patterns and off-site links: never requested.
  expect(site.requestsFor('/private/secret')).toHaveLength(0);
  expect(site.requestsFor('/drafts/wip')).toHaveLength(0);
  expect(site.requests.filter((r) => !r.host.startsWith('127.0.0.1'))).toHaveLength(0);
  // Every page fetched once, except /flaky (503, then retried) and /broken (500, retried maxRetries times).
  for (const path of FIXTURE_CRAWLABLE_PATHS.filter((p) => p !== '/flaky' && p !== '/broken'))
    expect(site.requestsFor(path)).toHaveLength(1);
  expect(site.requestsFor('/flaky')).toHaveLength(2);
  expect(site.requestsFor('/broken')).toHaveLength(1 + FIXTURE_SCOPE.maxRetries);

  const skipped = (await harness.frontier(jobId)).filter((row) => row.state === 'skipped');
  expect(skipped.map((row) => [new URL(row.url).pathname, row.lastError])).toEqual([
    ['/private/secret', 'Disallowed by robots.txt'],
  ]);
  return byPath;
}

/**
 * One request at a time to the host, `minGapMs` apart from the end of one to the start of the next
 * (robots.txt itself is fetched before its Crawl-delay is known, so it is left out with `pagesOnly`).
 */
export function expectNoOverlap(site: FixtureSite, minGapMs = 0, pagesOnly = false) {
  const timeline = site.requests
    .filter((r) => !r.path.startsWith('/images/') && !(pagesOnly && r.path === '/robots.txt'))
    .sort((a, b) => a.startedAt - b.startedAt);
  for (let i = 1; i < timeline.length; i++) {
    expect(timeline[i]!.startedAt - timeline[i - 1]!.finishedAt!).toBeGreaterThanOrEqual(minGapMs);
  }
}
