import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import {
  EVERY_PAGE_ONCE,
  everyPageOnce,
  expectFixtureCrawl,
  expectNoOverlap,
  FIXTURE_SCOPE,
} from '../testing/fixture-expectations';
import { pathsOf, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('crawl job, method puppeteer (Chromium)', () => {
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

  it('crawls exactly the fixture site and stores a PNG screenshot per HTML page', async () => {
    const id = await harness.startCrawl({
      method: 'puppeteer',
      targetUrl: `${site.url}/`,
      settings: { ...FIXTURE_SCOPE, takeScreenshots: true },
    });
    const byPath = await expectFixtureCrawl(harness, id, site);
    expectNoOverlap(site, FIXTURE_SCOPE.crawlDelay);

    const home = byPath['/']!;
    expect(home.screenshotPath).toMatch(new RegExp(`^screenshots/${id}/[0-9a-f]+\\.png$`));
    expect(readFileSync(path.join(harness.dataDir, home.screenshotPath!)).subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect(byPath['/files/report.pdf']!.screenshotPath).toBeNull();
    // Screenshots need the images; Chromium's own favicon fetches are never sent.
    expect(site.requestsFor('/images/map.png').length).toBeGreaterThan(0);
    expect(site.requestsFor('/favicon.ico')).toHaveLength(0);
  });

  it('blocks images when not taking screenshots, and honours waitTime and simulateHumanBehavior', async () => {
    const id = await harness.startCrawl({
      method: 'puppeteer',
      targetUrl: `${site.url}/contact`,
      settings: { maxPages: 2, takeScreenshots: false, simulateHumanBehavior: true, waitTime: 200 },
    });
    const job = await harness.waitForStatus(id, ['completed', 'failed']);
    expect(job.status).toBe('completed');
    const pages = await harness.pages(id);
    expect(pathsOf(pages)).toEqual(['/', '/contact']);
    expect(pages.every((p) => p.screenshotPath === null)).toBe(true);
    expect(pages.find((p) => p.url.endsWith('/contact'))!.document).toMatchObject({ imagesWithoutAlt: 2 });
    expect(site.requests.filter((r) => r.path.startsWith('/images/'))).toHaveLength(0);
    expect(existsSync(path.join(harness.dataDir, 'screenshots', id))).toBe(false);
  });

  it('runs axe-core on one page of each page template, wherever in the crawl it comes', async () => {
    const own = await startFixtureSite({ extraPages: 4, flakyFailures: 0 });
    try {
      const id = await harness.startCrawl({ method: 'puppeteer', targetUrl: `${own.url}/`, settings: EVERY_PAGE_ONCE });
      expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
      const pages = await harness.pages(id);
      expect(pathsOf(pages)).toEqual(everyPageOnce(4));
      const axeOf = (path: string) => pages.find((p) => new URL(p.url).pathname === path)!.browser?.axe ?? null;

      // Pages of links and nothing else, all one template: one of them is checked.
      const linksOnly = [
        '/about',
        '/products',
        '/privacy',
        '/terms',
        '/new-page',
        '/slow',
        '/sitemap-only',
        '/extra/1',
        '/extra/2',
        '/extra/3',
      ];
      expect(linksOnly.filter((path) => axeOf(path) !== null)).toHaveLength(1);
      // The home page and the contact page (two images without alt) have templates of their own.
      expect(axeOf('/')).not.toBeNull();
      expect(axeOf('/contact')!.violations.map((v) => v.id)).toContain('image-alt');
    } finally {
      await own.close();
    }
  });
});
