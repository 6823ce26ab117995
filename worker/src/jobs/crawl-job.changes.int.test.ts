import { crawlChanges, CrawlChangesRepository, crawlPageChanges } from '@vendorwatch/db';
import { wordDiff } from '@vendorwatch/compliance';
import { CrawlComparator } from '@vendorwatch/runtime';
import { ComplianceAssessmentsRepository, CrawlJobsRepository } from '@vendorwatch/db';
import { asc, eq } from 'drizzle-orm';
import { startFixtureSite, startScrapingBeeServer, type FixtureSite, type ScrapingBeeServer } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

const POLICY_BEFORE = 'We never sell your personal data.';
const POLICY_AFTER = 'We may sell your personal data to selected partners.';

describe('change detection between two crawls of a vendor', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let changes: CrawlChangesRepository;
  let loads = 0;
  let bee: ScrapingBeeServer;

  beforeAll(async () => {
    bee = await startScrapingBeeServer({ keys: { 'changes-key': 1000 } });
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startFixtureSite();
    changes = new CrawlChangesRepository(harness.database.db);
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
    await bee.close();
  });

  const privacy = (sentence: string) => () =>
    `<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<main><h1>Privacy Policy</h1><p>${sentence}</p><p>Last updated ${new Date().toISOString()}</p></main>
<footer>© ${new Date().getFullYear()} Example Vendor</footer>`;

  async function crawl(userId: string, vendorId: string): Promise<string> {
    const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: FIXTURE_SCOPE, userId, vendorId });
    expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    await harness.waitForJobFinished(id);
    return id;
  }

  it('names exactly the pages added, removed and changed; ignores a timestamp; diffs the changed policy page', async () => {
    const { userId, vendorId } = await harness.createUser();
    site.setPage('/privacy', 'Privacy Policy', privacy(POLICY_BEFORE));
    // A page whose only change between loads is a timestamp and a visit counter.
    site.setPage(
      '/products/widget',
      'Widget',
      () => `<main><p>Widget, our best seller.</p><p>Rendered ${new Date().toISOString()} for visitor ${10_000 + ++loads}</p>
<a href="/products">All products</a></main>`,
    );
    const first = await crawl(userId, vendorId);
    const baseline = await changes.findByJob(first);
    expect(baseline).toMatchObject({ previousJobId: null, added: 0, removed: 0, changed: 0 });

    site.setPage('/privacy', 'Privacy Policy', privacy(POLICY_AFTER));
    site.setPage('/about', 'About us', `<a href="/">Home</a> <a href="/products">Products</a> <a href="/careers">Careers</a>`);
    site.setPage('/careers', 'Careers', `<a href="/">Home</a> We are hiring.`);
    site.setPage('/sitemap-only', 'Only in the sitemap', null);
    const second = await crawl(userId, vendorId);

    const summary = (await changes.findByJob(second))!;
    const rows = await harness.database.db
      .select()
      .from(crawlPageChanges)
      .where(eq(crawlPageChanges.changeId, summary.id))
      .orderBy(asc(crawlPageChanges.url));
    const paths = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => new URL(row.url).pathname);
    expect(paths('added')).toEqual(['/careers']);
    expect(paths('removed')).toEqual(['/sitemap-only']);
    expect(paths('changed')).toEqual(['/about', '/privacy']);
    expect(summary).toMatchObject({ previousJobId: first, added: 1, removed: 1, changed: 2, policyPagesChanged: 1 });
    expect(summary.unchanged).toBe(summary.pagesAfter - 3);
    // The timestamped page did change byte for byte: only its normalised text is equal.
    const widget = async (job: string) => (await harness.pages(job)).find((p) => p.url.endsWith('/products/widget'))!;
    expect((await widget(first)).contentHash).not.toBe((await widget(second)).contentHash);
    expect((await widget(first)).mainTextHash).toBe((await widget(second)).mainTextHash);

    const policy = rows.find((row) => row.url.endsWith('/privacy'))!;
    expect(policy.policyKind).toBe('privacy');
    const texts = await changes.mainTexts([policy.pageBeforeId!, policy.pageAfterId!]);
    const before = texts.get(policy.pageBeforeId!)!;
    expect(before).toContain(POLICY_BEFORE);
    expect(before).not.toMatch(/Home|Example Vendor/); // nav and footer are not main text
    const segments = wordDiff(before, texts.get(policy.pageAfterId!)!).segments!;
    expect(segments.filter((s) => s.kind === 'removed').map((s) => s.text.trim())).toEqual(['never']);
    expect(segments.filter((s) => s.kind === 'added').map((s) => s.text.trim())).toEqual(['may', 'to selected partners']);

    // Findings and rates of both assessments are recorded.
    expect(summary.rateBefore).not.toBeNull();
    expect(summary.rateAfter).not.toBeNull();

    // Comparing again gives the same rows (same ids); the catch-up compares a crawl that lost its comparison.
    const db = harness.database.db;
    const comparator = new CrawlComparator(new CrawlJobsRepository(db), changes, new ComplianceAssessmentsRepository(db));
    expect(await comparator.compare(second)).toBe(summary.id);
    const again = await db
      .select()
      .from(crawlPageChanges)
      .where(eq(crawlPageChanges.changeId, summary.id))
      .orderBy(asc(crawlPageChanges.url));
    expect(again).toEqual(rows);
    await db.delete(crawlChanges).where(eq(crawlChanges.id, summary.id));
    expect(await comparator.catchUp(3600_000)).toContain(second);
    expect(await changes.findByJob(second)).toMatchObject({ previousJobId: first, added: 1, removed: 1, changed: 2 });
  });

  it('leaves out the vendor’s ignored selectors and text patterns', async () => {
    const { userId, vendorId } = await harness.createUser();
    let edition = 1;
    site.setPage(
      '/terms',
      'Terms of Service',
      () => `<main><p>These terms apply.</p><div class="promo">Offer of the day: ${['apples', 'pears'][edition % 2]}</div>
<p>Served by node ${['alpha', 'beta'][edition % 2]} (edge)</p></main>`,
    );
    const settings = { ...FIXTURE_SCOPE, ignoreSelectors: ['div.promo'], ignoreTextPatterns: ['Served by node * (edge)'] };
    const run = async () => {
      const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings, userId, vendorId });
      await harness.waitForStatus(id, ['completed']);
      await harness.waitForJobFinished(id);
      return id;
    };
    await run();
    edition = 2;
    const second = await run();
    const summary = (await changes.findByJob(second))!;
    const rows = await harness.database.db.select().from(crawlPageChanges).where(eq(crawlPageChanges.changeId, summary.id));
    expect(rows.filter((row) => row.url.endsWith('/terms'))).toEqual([]);
    const terms = (await harness.pages(second)).find((p) => p.url.endsWith('/terms'))!;
    expect(terms.mainText).not.toContain('Offer of the day');
    expect(terms.mainText).toContain('Served by node');
  });

  it.each(['api', 'puppeteer'] as const)('a crawl by %s stores each page’s main text and its hash too', async (method) => {
    const { userId, vendorId } = await harness.createUser();
    site.setPage('/privacy', 'Privacy Policy', privacy(POLICY_BEFORE));
    const crawlerConfigId = method === 'api' ? await harness.createCrawlerConfig(userId, 'changes-key', bee.endpoint) : undefined;
    const id = await harness.startCrawl({
      method,
      targetUrl: `${site.url}/`,
      settings: FIXTURE_SCOPE,
      userId,
      vendorId,
      crawlerConfigId,
    });
    expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
    const privacyPage = (await harness.pages(id)).find((p) => p.url.endsWith('/privacy'))!;
    expect(privacyPage.mainText).toContain(POLICY_BEFORE);
    expect(privacyPage.mainText).not.toContain('Example Vendor');
    expect(privacyPage.mainTextHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
