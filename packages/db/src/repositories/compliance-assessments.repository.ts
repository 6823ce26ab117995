import {
  MAX_EVIDENCE_PER_CHECK,
  MAX_FINDING_LENGTH,
  MAX_FINDINGS_PER_CHECK,
  type CheckEvidence,
  type CheckResult,
  type ComplianceLabel,
  type OutcomeCounts,
  type RenderingSummary,
  type SeverityCounts,
} from '@vendorwatch/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, complianceCheckResults, crawlJobs, crawlPages, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type ComplianceAssessmentRow = typeof complianceAssessments.$inferSelect;
export type ComplianceCheckResultRow = typeof complianceCheckResults.$inferSelect;
export type ComplianceAssessmentWithVendor = ComplianceAssessmentRow & { vendorName: string | null };

/** What the worker (or a re-assessment) stores for one crawl job: `assess(crawl)`'s result and the job's facts. */
export interface SaveAssessmentInput {
  jobId: string;
  workspaceId: WorkspaceId;
  userId: string;
  vendorId: string | null;
  method: string;
  targetUrl: string;
  crawlCompletedAt: Date | null;
  catalogueVersion: string;
  rate: number;
  label: ComplianceLabel;
  counts: OutcomeCounts;
  failures: SeverityCounts;
  pagesChecked: number;
  notEvaluatedByMethod: string[];
  /** The adaptive method's pages read over HTTP and in the browser; null (or absent) for the other methods. */
  rendering?: RenderingSummary | null;
  checks: CheckResult[];
  /** When the assessment was made; now unless given (tests and imports date it). */
  assessedAt?: Date;
}

/** Evidence text comes from crawled sites: bounded, so one page cannot bloat every report. */
const MAX_EVIDENCE_DETAIL = 1000;
const MAX_EVIDENCE_URL = 2048;
/** Rows per INSERT: well under PostgreSQL's 65 535 parameters at 12 columns a row. */
const INSERT_CHUNK = 1000;

const boundEvidence = (evidence: CheckEvidence[]): CheckEvidence[] =>
  evidence.slice(0, MAX_EVIDENCE_PER_CHECK).map(({ url, pageId, detail }) => ({
    url: url === null ? null : url.slice(0, MAX_EVIDENCE_URL),
    pageId,
    detail: detail.slice(0, MAX_EVIDENCE_DETAIL),
  }));

/** A check's finding labels as stored (what crawled sites wrote is in them, so bounded here too); null when it lists none. */
const boundFindings = (findings: string[] | undefined): string[] | null =>
  findings ? findings.slice(0, MAX_FINDINGS_PER_CHECK).map((label) => label.slice(0, MAX_FINDING_LENGTH)) : null;

/** The rate as the column holds it: 0–100 with one decimal. */
const storedRate = (rate: number) => Math.min(100, Math.max(0, Math.round(rate * 10) / 10));

/**
 * Compliance assessments: one per crawl job, written by the worker when a crawl completes and
 * replaced whole when the job is assessed again. Reads are scoped by workspace.
 */
export class ComplianceAssessmentsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores the assessment of a job, or replaces the job's previous one in one transaction: the row
   * keeps its id (links to the report stay valid) and its check results are swapped for the new
   * ones, so a reader sees either the old assessment or the new one, never a mix.
   */
  async save(input: SaveAssessmentInput): Promise<{ id: string }> {
    const values = {
      userId: input.userId,
      vendorId: input.vendorId,
      method: input.method,
      targetUrl: input.targetUrl,
      crawlCompletedAt: input.crawlCompletedAt,
      assessedAt: input.assessedAt ?? new Date(),
      catalogueVersion: input.catalogueVersion,
      rate: storedRate(input.rate),
      label: input.label,
      passed: input.counts.pass,
      failed: input.counts.fail,
      warned: input.counts.warn,
      notApplicable: input.counts.notApplicable,
      failuresCritical: input.failures.critical,
      failuresHigh: input.failures.high,
      failuresMedium: input.failures.medium,
      failuresLow: input.failures.low,
      pagesChecked: input.pagesChecked,
      notEvaluatedByMethod: input.notEvaluatedByMethod,
      rendering: input.rendering ?? null,
    };
    return this.db.transaction(async (tx) => {
      // Concurrent saves of one job serialise on this row: the second waits for the first to commit.
      const [row] = await tx
        .insert(complianceAssessments)
        .values({ jobId: input.jobId, workspaceId: input.workspaceId, ...values })
        .onConflictDoUpdate({ target: complianceAssessments.jobId, set: values })
        .returning({ id: complianceAssessments.id });
      const id = row!.id;
      await tx.delete(complianceCheckResults).where(eq(complianceCheckResults.assessmentId, id));
      const results = input.checks.map((check, position) => {
        const evidence = boundEvidence(check.evidence);
        return {
          assessmentId: id,
          position,
          checkId: check.checkId,
          group: check.group,
          severity: check.severity,
          outcome: check.outcome,
          title: check.title,
          summary: check.summary,
          whyItMatters: check.whyItMatters,
          howToFix: check.howToFix,
          evidence,
          evidenceTotal: Math.max(check.evidenceTotal, check.evidence.length),
          evaluated: check.evaluated,
          findings: boundFindings(check.findings),
        };
      });
      for (let start = 0; start < results.length; start += INSERT_CHUNK) {
        await tx.insert(complianceCheckResults).values(results.slice(start, start + INSERT_CHUNK));
      }
      return { id };
    });
  }

  /** One assessment of the workspace with its vendor's name, or undefined (missing or another workspace's). */
  async find(workspaceId: WorkspaceId, id: string): Promise<ComplianceAssessmentWithVendor | undefined> {
    const [row] = await this.db
      .select({ assessment: complianceAssessments, vendorName: vendors.name })
      .from(complianceAssessments)
      .leftJoin(vendors, eq(vendors.id, complianceAssessments.vendorId))
      .where(and(eq(complianceAssessments.id, id), eq(complianceAssessments.workspaceId, workspaceId)));
    return row && { ...row.assessment, vendorName: row.vendorName };
  }

  /** Every check result of an assessment, in catalogue order. */
  checkResults(assessmentId: string): Promise<ComplianceCheckResultRow[]> {
    return this.db
      .select()
      .from(complianceCheckResults)
      .where(eq(complianceCheckResults.assessmentId, assessmentId))
      .orderBy(asc(complianceCheckResults.position));
  }

  /** Which of a crawl's pages have a screenshot, among `pageIds` (a report's evidence): only those offer one. */
  async pagesWithScreenshot(jobId: string, pageIds: string[]): Promise<string[]> {
    if (pageIds.length === 0) return [];
    const rows = await this.db
      .select({ id: crawlPages.id })
      .from(crawlPages)
      .where(and(eq(crawlPages.jobId, jobId), inArray(crawlPages.id, pageIds), isNotNull(crawlPages.screenshotPath)));
    return rows.map((row) => row.id);
  }

  /** The assessment of a crawl job of the workspace, if it has one. */
  async findByJob(workspaceId: WorkspaceId, jobId: string): Promise<ComplianceAssessmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(complianceAssessments)
      .where(and(eq(complianceAssessments.jobId, jobId), eq(complianceAssessments.workspaceId, workspaceId)));
    return row;
  }

  /**
   * Completed crawls that have no assessment yet, most recent first: what a catch-up job assesses
   * after the catalogue arrives or a worker died between completing a crawl and assessing it.
   */
  async completedJobsWithoutAssessment(limit: number, completedAfter: Date): Promise<{ jobId: string; userId: string }[]> {
    return this.db
      .select({ jobId: crawlJobs.id, userId: crawlJobs.userId })
      .from(crawlJobs)
      .leftJoin(complianceAssessments, eq(complianceAssessments.jobId, crawlJobs.id))
      .where(
        and(
          eq(crawlJobs.status, 'completed'),
          eq(crawlJobs.kind, 'crawl'),
          gt(crawlJobs.completedAt, completedAfter),
          isNull(complianceAssessments.id),
        ),
      )
      .orderBy(desc(crawlJobs.completedAt), desc(crawlJobs.id))
      .limit(limit);
  }
}
