import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alertDeliveries, AlertsRepository, CrawlChangesRepository } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { FAST_CRAWL, startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/** Scripts whose file names say which library and version they are (what every crawl method reads). */
const LIBRARIES: Record<string, string> = {
  '/js/jquery-1.12.4.min.js': '/*! jQuery v1.12.4 | (c) jQuery Foundation | jquery.org/license */',
  '/js/bootstrap-3.3.7.min.js': '/*!\n * Bootstrap v3.3.7 (http://getbootstrap.com)\n */',
};

/** A one-page vendor site whose home page loads `scripts`, changed between crawls by the test. */
async function startLibrarySite(scripts: string[]) {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    if (LIBRARIES[path]) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(LIBRARIES[path]);
    if (path !== '/') return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    const tags = scripts.map((src) => `<script src="${src}"></script>`).join('');
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html lang="en"><head><title>Vendor</title>${tags}</head><body>Hello</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    scripts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 38, deliverable 9: findings compared below the check. The vendor's library check already fails
 * (jQuery 1.12.4); the next crawl finds Bootstrap 3.3.7 too. The outcome is the same, yet the comparison
 * names the new vulnerable library as a new finding and the "check newly fails" rule fires for it.
 */
describe('a new vulnerable library in a library check that already failed', () => {
  let harness: WorkerHarness;
  let site: Awaited<ReturnType<typeof startLibrarySite>>;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startLibrarySite(['/js/jquery-1.12.4.min.js']);
  });
  afterAll(async () => {
    await harness.close();
    await site.close();
  });

  it('is a new finding in the comparison and fires the "check newly fails" alert', async () => {
    const { userId, vendorId, workspaceId } = await harness.createUser();
    const alerts = new AlertsRepository(harness.database.db);
    const changes = new CrawlChangesRepository(harness.database.db);
    await alerts.createRule({ workspaceId, userId, kind: 'check_fails', minSeverity: 'high' });
    // Nothing listens there: the delivery is recorded (and fails to send), which is what is asserted.
    await alerts.createChannel({
      workspaceId,
      userId,
      name: 'Hook',
      kind: 'webhook',
      target: 'http://127.0.0.1:9/hook',
      secretEncrypted: null,
      confirmedAt: new Date(),
    });
    const crawl = async () => {
      const id = await harness.startCrawl({ method: 'http', targetUrl: `${site.url}/`, settings: FAST_CRAWL, userId, vendorId });
      expect((await harness.waitForStatus(id, ['completed', 'failed'])).status).toBe('completed');
      await harness.waitForJobFinished(id);
      return { id, change: (await changes.findByJob(id))! };
    };

    await crawl();
    const same = await crawl();
    expect(same.change.findingsNew).toEqual([]);

    site.scripts.push('/js/bootstrap-3.3.7.min.js');
    const more = await crawl();
    const library = more.change.findingsNew.find((finding) => finding.checkId === 'vulnerable-js-libraries');
    expect(library).toMatchObject({ previousOutcome: 'fail', outcome: 'fail' });
    expect(library!.newFindings).toEqual(expect.arrayContaining([expect.stringMatching(/^bootstrap 3\.3\.7: CVE-\d{4}-\d+$/)]));
    expect(library!.newFindings!.every((finding) => finding.startsWith('bootstrap 3.3.7: '))).toBe(true);

    const fired = await harness.waitFor(
      async () => {
        const rows = await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.crawlJobId, more.id));
        return rows.length > 0 && rows;
      },
      30_000,
      'the alert for the new finding',
    );
    expect(fired.map((delivery) => delivery.ruleKind)).toEqual(['check_fails']);
    expect(fired[0]!.event.details).toEqual([
      expect.stringMatching(
        /^New findings in a failing check \(high\): No JavaScript library with a known vulnerability — bootstrap 3\.3\.7: /,
      ),
    ]);
    // Nothing was sent for the crawl that found nothing new.
    expect(await harness.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.crawlJobId, same.id))).toEqual([]);
  });
});
