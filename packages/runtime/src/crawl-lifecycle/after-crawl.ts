import type { AlertEvaluator } from './alerts/alert-evaluator';
import type { CrawlComparator } from './changes/crawl-comparator';
import type { CrawlAssessor } from './compliance/crawl-assessor';

/**
 * What follows a completed crawl, in one place for the crawl handler (right after the crawl) and the
 * reconciler (for crawls whose worker died before it was done): assess the crawl, compare it with the
 * vendor's previous completed crawl (the comparison reads both assessments), evaluate the alert rules.
 */
export class AfterCrawl {
  constructor(
    private readonly assessor: CrawlAssessor,
    private readonly comparator: CrawlComparator,
    private readonly alerts: AlertEvaluator,
  ) {}

  /** The steps for a crawl that has just completed. */
  async afterCrawl(jobId: string): Promise<void> {
    await this.assessor.assess(jobId);
    await this.comparator.compare(jobId);
    await this.alerts.evaluate(jobId);
  }

  /**
   * The same steps for completed crawls (within `withinMs`) that a worker left unfinished: those without
   * an assessment are assessed, then those without a comparison compared and alerted on (a rule fires
   * once per crawl and channel, so evaluating again is safe).
   */
  async catchUp(withinMs: number): Promise<{ assessed: number; compared: number }> {
    const assessed = await this.assessor.catchUp(withinMs);
    const compared = await this.comparator.catchUp(withinMs);
    for (const jobId of compared) await this.alerts.evaluate(jobId);
    return { assessed, compared: compared.length };
  }
}
