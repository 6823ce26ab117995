import type { AssessmentPageRow, CrawlJobRow } from '@vendorwatch/db';
import { AssessmentPool, AssessmentTimeoutError } from './assessment-pool';

const job = {
  id: 'job-1',
  vendorId: null,
  method: 'http',
  status: 'completed',
  targetUrl: 'https://vendor.example/',
  settings: { startUrls: ['https://vendor.example/'] },
  siteFacts: null,
} as unknown as CrawlJobRow;

/** The crawl's pages as the assessor reads them from the database, a batch at a time, `pause` apart. */
async function* batches(count: number, pause = 0): AsyncIterable<AssessmentPageRow[]> {
  for (let i = 0; i < count; i++) {
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
    yield [];
  }
}

/**
 * Issue 37 row 1: a crawl's assessment runs on the pool's thread within a time budget. Past the budget
 * the task is stopped (the caller gets AssessmentTimeoutError, nothing to store) and the pool serves the
 * next crawl.
 */
describe('AssessmentPool', () => {
  const pool = new AssessmentPool();
  afterAll(() => pool.close());

  it('judges a crawl on its thread', async () => {
    const judged = await pool.assess({ job, domainPosture: null, pages: batches(2) });
    expect(judged.assessment.checks.length).toBeGreaterThan(0);
  });

  it('stops an assessment past its budget, and assesses the next one', async () => {
    // Pages that arrive more slowly than the budget (the budget covers their reading as well as the judging).
    await expect(pool.assess({ job, domainPosture: null, pages: batches(3, 400), budgetMs: 300 })).rejects.toBeInstanceOf(
      AssessmentTimeoutError,
    );
    expect((await pool.assess({ job, domainPosture: null, pages: batches(1) })).assessment.checks.length).toBeGreaterThan(0);
  });
});
