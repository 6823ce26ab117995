import { toHttpUrl } from '@vendorwatch/contracts';
import { complianceAssessments, ComplianceAssessmentsRepository } from '@vendorwatch/db';
import { eq } from 'drizzle-orm';
import { startFixtureSite, type FixtureSite } from '../../../test-support';
import { FIXTURE_SCOPE } from '../testing/fixture-expectations';
import { startWorkerHarness, type WorkerHarness } from '../testing/worker-harness';

/**
 * Issue #38 row 11: a vendor added as a bare domain is taken as https; a host that answers only over
 * plain HTTP (here: plain HTTP on the port typed) is crawled over HTTP — its transport checks fail,
 * as they must — not failed with "TLS refused".
 */
describe('a site that does not answer on HTTPS', () => {
  let harness: WorkerHarness;
  let site: FixtureSite;

  beforeAll(async () => {
    harness = await startWorkerHarness();
    await harness.startWorker();
    site = await startFixtureSite();
  });
  afterAll(async () => {
    await harness?.close();
    await site?.close();
  });

  it('is crawled over plain HTTP and assessed: its pages served over HTTP fail the HTTPS check', async () => {
    const typed = site.url.replace(/^http:\/\//, '');
    const targetUrl = toHttpUrl(typed)!;
    expect(targetUrl).toBe(`https://${typed}/`);
    const { userId, vendorId } = await harness.createUser();

    const id = await harness.startCrawl({
      method: 'http',
      targetUrl,
      userId,
      vendorId,
      settings: { ...FIXTURE_SCOPE, maxPages: 3 },
    });

    const ended = await harness.waitForStatus(id, ['completed', 'failed'], 120_000);
    expect([ended.status, ended.error]).toEqual(['completed', null]);
    expect((ended.settings as { startUrls?: string[] }).startUrls).toEqual([`${site.url}/`]);
    const pages = await harness.pages(id);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((page) => page.url.startsWith(`${site.url}/`))).toBe(true);

    const stored = await harness.waitFor(
      async () => (await harness.database.db.select().from(complianceAssessments).where(eq(complianceAssessments.jobId, id)))[0],
      60_000,
      'the assessment',
    );
    const checks = Object.fromEntries(
      (await new ComplianceAssessmentsRepository(harness.database.db).checkResults(stored.id)).map((c) => [c.checkId, c]),
    );
    expect(checks.https).toMatchObject({ outcome: 'fail', summary: expect.stringMatching(/plain HTTP/) });
  }, 180_000);
});
