import type { ReportsOverview, Vendor } from '@vendorwatch/contracts';
import { crawlJobs } from '@vendorwatch/db';
import { seedAssessment } from '@vendorwatch/db/testing';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * Issue #38 row 2: a vendor whose site's certificate was refused is assessed (on what needs no page),
 * and its state says why its crawl failed: the report names the failed crawl its assessment came from.
 */
describe('reports: a vendor assessed on a crawl its certificate made fail', () => {
  let t: TestApp;
  let ana: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    ana = await t.signUp();
  });
  afterAll(() => t.close());

  it('is assessed, with its rate, and its failed crawl named with the certificate refusal in plain words', async () => {
    const vendor = (await (
      await ana.api('/api/vendors', { method: 'POST', json: { name: 'Expired Co', url: 'https://expired.example/' } })
    ).json()) as Vendor;
    const seeded = await seedAssessment(t.database.db, {
      userId: ana.id,
      vendorId: vendor.id,
      targetUrl: 'https://expired.example/',
      assessedAt: new Date('2025-03-09T12:00:00Z'),
      rate: 40,
      failing: ['transport.tls-certificate'],
    });
    // The crawl the assessment judged had failed: the site's certificate had expired.
    const error = 'Network error: CERT_HAS_EXPIRED';
    await t.database.db.update(crawlJobs).set({ status: 'failed', error }).where(eq(crawlJobs.id, seeded.jobId));

    const overview = (await (
      await ana.api('/api/reports/summary?startDate=2025-03-01&endDate=2025-03-31')
    ).json()) as ReportsOverview;

    expect(overview.vendors.find((v) => v.vendorId === vendor.id)).toMatchObject({
      state: 'assessed',
      rate: 40,
      latestReportId: seeded.reportId,
      lastCrawl: {
        jobId: seeded.jobId,
        status: 'failed',
        failure: { summary: "The site's certificate was refused: it has expired (or is not valid yet)", detail: error },
      },
    });
  });
});
