import type { INestApplicationContext } from '@nestjs/common';
import { GRADE_LETTERS, type CrawlJob, type Vendor, type VendorListItem, type VendorReview } from '@vendorwatch/contracts';
import { startFixtureSite, waitFor, type FixtureSite } from '../../../../test-support';
import { createWorkerApp } from '../../../../worker/src/worker-app';
import { startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { apiCall } from '../workspaces/testing/teams';

/**
 * Issue 40: a review is opened early when the vendor's overall grade falls a letter or more below the
 * grade recorded with the last review — here between two real crawls of a local site that loses its
 * security headers in between.
 */
describe('review status after a grade drop between two crawls', () => {
  let t: TestApp;
  let site: FixtureSite;
  let worker: INestApplicationContext;
  let alice: TestUser;
  let vendor: Vendor;

  beforeAll(async () => {
    site = await startFixtureSite();
    // A CSP that passes, so the first crawl grades a letter above F (plain HTTP caps it at D).
    site.setSecurityHeaders('strict');
    t = await startTestApp();
    worker = await createWorkerApp(t.config);
    alice = await t.signUp();
    vendor = (await apiCall(alice, 'POST', '/api/vendors', { name: 'Fixture Co', url: `${site.url}/` })).body as Vendor;
    const saved = await apiCall(alice, 'PUT', `/api/vendors/${vendor.id}/crawler-settings`, {
      maxPages: 3,
      crawlDelay: 500,
      startUrls: [`${site.url}/`],
    });
    expect(saved.status).toBe(200);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await site?.close();
  });

  /** Crawls the vendor and waits until the vendor page shows that crawl's assessment. */
  async function crawlAndAssess(): Promise<VendorListItem> {
    const started = await apiCall(alice, 'POST', '/api/crawls', { vendorId: vendor.id, method: 'http' });
    expect(started.status).toBe(201);
    const job = started.body as CrawlJob;
    return waitFor(
      async () => {
        const detail = (await apiCall(alice, 'GET', `/api/vendors/${vendor.id}`)).body as VendorListItem;
        return detail.lastCrawl?.id === job.id && detail.lastCrawl.status === 'completed' && detail.lastAssessedAt !== null
          ? detail.lastAssessedAt > job.createdAt && detail
          : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 250 },
    );
  }

  it('is up to date after a review, and due now with the grades named once the grade falls', async () => {
    const first = await crawlAndAssess();
    expect(first.grade).not.toBeNull();

    const review = await apiCall(alice, 'POST', `/api/vendors/${vendor.id}/reviews`, { decision: 'approved' });
    expect(review.status).toBe(201);
    expect(review.body as VendorReview).toMatchObject({ grade: first.grade, assessmentId: first.compliance!.reportId });
    const reviewed = (await apiCall(alice, 'GET', `/api/vendors/${vendor.id}`)).body as VendorListItem;
    expect(reviewed.review.status).toBe('up_to_date');

    site.setSecurityHeaders('none');
    const second = await crawlAndAssess();
    expect(GRADE_LETTERS.indexOf(second.grade!)).toBeGreaterThan(GRADE_LETTERS.indexOf(first.grade!));
    expect(second.review).toMatchObject({
      status: 'due_now',
      reason: `The overall grade fell from ${first.grade} to ${second.grade} since the last review`,
    });

    const list = await apiCall(alice, 'GET', '/api/vendors?reviewStatus=due_now');
    expect((list.body as { items: VendorListItem[] }).items.map((item) => item.id)).toEqual([vendor.id]);
  });
});
