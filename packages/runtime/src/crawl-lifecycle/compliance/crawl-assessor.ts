import type { Assessment } from '@vendorwatch/compliance';
import {
  ComplianceAssessmentsRepository,
  CrawlDomainPostureRepository,
  CrawlInventoriesRepository,
  CrawlJobsRepository,
  CrawlPagesRepository,
} from '@vendorwatch/db';
import type { AssessmentPool } from './assessment-pool';

/** Pages read per query: a crawl of thousands of pages is read in steps, never in one result. */
export const ASSESSMENT_PAGE_BATCH = 500;

export interface StoredAssessment {
  id: string;
  assessment: Assessment;
}

export interface AssessOptions {
  /** Refuse (AssessmentBusyError) rather than wait behind many others: for a request someone waits on. */
  refuseWhenBusy?: boolean;
}

/**
 * Judges a completed crawl against the compliance catalogue and stores the result: written once,
 * used by the worker when a crawl completes and by the API and the `reassess` command after the
 * checks changed. The same stored pages give the same assessment; storing again replaces the
 * crawl's previous one (same id). Beside it, the crawl's inventory (libraries, technologies, third
 * parties) and the assessment's grades are computed from the same pages and stored with it. The judging
 * runs on the AssessmentPool's thread within its time budget (AssessmentTimeoutError beyond it); this
 * side reads the pages and stores the result.
 */
export class CrawlAssessor {
  constructor(
    private readonly jobs: CrawlJobsRepository,
    private readonly pages: CrawlPagesRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
    private readonly domainPosture: CrawlDomainPostureRepository,
    private readonly inventories: CrawlInventoriesRepository,
    private readonly pool: AssessmentPool,
  ) {}

  /**
   * null when the job is not a crawl that completed or failed, or nothing in it could be assessed (no
   * page answered, no domain or certificate read). A failed crawl is judged by what needs no page.
   */
  async assess(jobId: string, { refuseWhenBusy = false }: AssessOptions = {}): Promise<StoredAssessment | null> {
    const job = await this.jobs.findById(jobId);
    if (!job || (job.status !== 'completed' && job.status !== 'failed') || job.kind !== 'crawl') return null;
    const domainPosture = await this.domainPosture.findByJobId(jobId);
    const { assessment, inventory, grades } = await this.pool.assess({
      job,
      domainPosture,
      pages: this.pages.assessmentPageBatches(jobId, ASSESSMENT_PAGE_BATCH),
      refuseWhenBusy,
    });
    if (assessment.rate === null || assessment.label === null || !inventory || !grades) return null;
    // The inventory first: a stored assessment then always has its inventory, and the catch-up (which
    // looks for crawls without an assessment) redoes both after a crash between the two.
    await this.inventories.save({
      jobId,
      workspaceId: job.workspaceId,
      userId: job.userId,
      vendorId: job.vendorId,
      crawlCompletedAt: job.completedAt,
      inventory,
      grades,
    });
    const { id } = await this.assessments.save({
      jobId,
      workspaceId: job.workspaceId,
      userId: job.userId,
      vendorId: job.vendorId,
      method: job.method,
      targetUrl: job.targetUrl,
      crawlCompletedAt: job.completedAt,
      catalogueVersion: assessment.catalogueVersion,
      rate: assessment.rate,
      label: assessment.label,
      counts: assessment.counts,
      failures: assessment.failures,
      pagesChecked: assessment.pagesChecked,
      notEvaluatedByMethod: assessment.notEvaluatedByMethod,
      rendering: assessment.rendering,
      checks: assessment.checks,
    });
    return { id, assessment };
  }

  /** Completed crawls of the last `withinMs` that have no assessment (a worker died in between): assessed now. */
  async catchUp(withinMs: number, now = new Date()): Promise<number> {
    const missing = await this.assessments.completedJobsWithoutAssessment(100, new Date(now.getTime() - withinMs));
    let assessed = 0;
    for (const { jobId } of missing) if (await this.assess(jobId)) assessed++;
    return assessed;
  }
}
