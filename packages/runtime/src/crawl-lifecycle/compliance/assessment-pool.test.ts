import type { AssessmentPageRow, CrawlJobRow } from '@vendorwatch/db';
import { AssessmentBusyError, AssessmentPool, AssessmentTimeoutError, MAX_WAITING_ASSESSMENTS } from './assessment-pool';

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

/** Pages that arrive once `gate` opens. */
async function* gated(gate: Promise<void>): AsyncIterable<AssessmentPageRow[]> {
  await gate;
  yield [];
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

  it('refuses a caller that asks to be refused when as many wait as the API accepts (its reassess answers 503 then)', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // One more than the waiting cap: at most one of them holds the thread, the rest wait.
    const waiting = Array.from({ length: MAX_WAITING_ASSESSMENTS + 1 }, () =>
      pool.assess({ job, domainPosture: null, pages: gated(gate) }),
    );
    await expect(pool.assess({ job, domainPosture: null, pages: batches(1), refuseWhenBusy: true })).rejects.toBeInstanceOf(
      AssessmentBusyError,
    );
    open();
    expect((await Promise.all(waiting)).every((judged) => judged.assessment.checks.length > 0)).toBe(true);
  });
});
