import { alertDeliveries, AlertsRepository, CrawlChangesRepository } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** What only the browser method evaluates on the fixture site (both fail there). */
const BROWSER_ONLY = ['axe-violations', 'trackers-before-consent'];

/**
 * Comparisons that compare like with like: a vendor crawled by browser, then by plain HTTP, then by
 * browser again. The HTTP crawl cannot evaluate the browser-only checks, so they are "not comparable"
 * both times — never resolved, never newly failing — the comparison records the method change, and a
 * "check newly fails" rule fires no alert for the third crawl.
 */
describe('comparing crawls made by different methods', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;
  let changes: CrawlChangesRepository;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startFixtureSite({ flakyFailures: 0 });
    changes = new CrawlChangesRepository(harness.database.db);
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  it('calls the browser-only checks not comparable, and no alert says they newly fail', async () => {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const alerts = new AlertsRepository(harness.database.db);
    await alerts.createRule({ workspaceId, userId, kind: 'check_fails', minSeverity: null });
    // Nothing listens there: a delivery, if one were recorded, would only fail.
    await alerts.createChannel({
      workspaceId,
      userId,
      name: 'Hook',
      kind: 'webhook',
      target: 'http://127.0.0.1:9/hook',
      secretEncrypted: null,
    });

    const crawl = async (method: 'puppeteer' | 'http') => {
      const id = await harness.startCrawl({ method, targetUrl: `${site.url}/`, settings: FIXTURE_SCOPE, userId, vendorId });
      expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
      await harness.waitForJobFinished(id);
      return { id, change: (await changes.findByJob(id))! };
    };
    const ids = (findings: { checkId: string }[]) => findings.map((finding) => finding.checkId).sort();

    await crawl('puppeteer');
    const byHttp = await crawl('http');
    expect(byHttp.change).toMatchObject({ methodBefore: 'puppeteer', methodAfter: 'http' });
    expect(ids(byHttp.change.findingsNotComparable)).toEqual(BROWSER_ONLY);
    expect(byHttp.change.findingsNotComparable.map((finding) => [finding.previousOutcome, finding.outcome])).toEqual([
      ['fail', 'not_applicable'],
      ['fail', 'not_applicable'],
    ]);
    expect(ids(byHttp.change.findingsResolved)).toEqual([]);

    const byBrowserAgain = await crawl('puppeteer');
    expect(byBrowserAgain.change).toMatchObject({ methodBefore: 'http', methodAfter: 'puppeteer' });
    expect(ids(byBrowserAgain.change.findingsNotComparable)).toEqual(BROWSER_ONLY);
    expect(ids(byBrowserAgain.change.findingsNew)).toEqual([]);

    // The rule was evaluated for the crawl (it completed, was compared) and found nothing new.
    const recorded = await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, userId));
    expect(recorded).toEqual([]);
  });
});
