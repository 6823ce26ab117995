import { acceptedStanding, type AcceptanceRecord } from '@vendorwatch/compliance';
import {
  complianceLabel,
  explainCrawlFailure,
  type CheckResult,
  type ReportDetail,
  type ReportSummary,
  type VendorCompliance,
  type VendorReportState,
} from '@vendorwatch/contracts';
import type { ComplianceAssessmentWithVendor, ComplianceCheckResultRow, VendorStandingRow } from '@vendorwatch/db';
import type { ExportAssessment } from './exports';

const counts = (row: ComplianceAssessmentWithVendor) => ({
  pass: row.passed,
  fail: row.failed,
  warn: row.warned,
  notApplicable: row.notApplicable,
});

const failures = (row: ComplianceAssessmentWithVendor) => ({
  critical: row.failuresCritical,
  high: row.failuresHigh,
  medium: row.failuresMedium,
  low: row.failuresLow,
});

export const toExportAssessment = (row: ComplianceAssessmentWithVendor): ExportAssessment => ({
  id: row.id,
  jobId: row.jobId,
  vendorId: row.vendorId,
  vendorName: row.vendorName,
  method: row.method,
  targetUrl: row.targetUrl,
  assessedAt: row.assessedAt,
  crawlCompletedAt: row.crawlCompletedAt,
  rate: row.rate,
  label: row.label,
  counts: counts(row),
  failures: failures(row),
  pagesChecked: row.pagesChecked,
});

export const toReportSummary = (row: ComplianceAssessmentWithVendor): ReportSummary => ({
  ...toExportAssessment(row),
  assessedAt: row.assessedAt.toISOString(),
  crawlCompletedAt: row.crawlCompletedAt?.toISOString() ?? null,
});

export const toCheckResult = (row: ComplianceCheckResultRow): CheckResult => ({
  checkId: row.checkId,
  group: row.group,
  severity: row.severity,
  outcome: row.outcome,
  title: row.title,
  summary: row.summary,
  whyItMatters: row.whyItMatters,
  howToFix: row.howToFix,
  evidence: row.evidence,
  evidenceTotal: row.evidenceTotal,
  evaluated: row.evaluated,
});

/**
 * One assessment with its checks as the report shows them: checks an approved, unexpired acceptance covers
 * read `accepted` and are left out of the rate, counts and grades; `gradesWithAcceptedCounted` and
 * `rateWithAcceptedCounted` are the assessment as it was judged.
 */
export const toReportDetail = (
  row: ComplianceAssessmentWithVendor,
  checks: ComplianceCheckResultRow[],
  pagesWithScreenshot: string[],
  acceptances: readonly AcceptanceRecord[] = [],
  now: Date = new Date(),
): ReportDetail => {
  const standing = acceptedStanding(checks.map(toCheckResult), acceptances, now);
  const summary = toReportSummary(row);
  const counts = { ...summary.counts };
  const failures = { ...summary.failures };
  for (const check of standing.checks) {
    if (check.outcome !== 'accepted') continue;
    if (check.assessedOutcome === 'fail') {
      counts.fail -= 1;
      failures[check.severity] -= 1;
    } else counts.warn -= 1;
  }
  // Without an acceptance the stored rate stands as assessed; with one it is re-computed without the
  // accepted checks (and when everything judged is accepted, nothing is left to rate: the stored one stands).
  const rate = standing.accepted > 0 ? (standing.score.rate ?? summary.rate) : summary.rate;
  return {
    ...summary,
    rate,
    label: standing.accepted > 0 ? complianceLabel(rate) : summary.label,
    counts,
    failures,
    catalogueVersion: row.catalogueVersion,
    grades: standing.grades,
    gradesWithAcceptedCounted: standing.gradesWithAcceptedCounted,
    rateWithAcceptedCounted: summary.rate,
    acceptedChecks: standing.accepted,
    checks: standing.checks,
    notEvaluatedByMethod: row.notEvaluatedByMethod,
    rendering: row.rendering ?? null,
    pagesWithScreenshot,
  };
};

/**
 * A vendor's state in the period: assessed when a crawl of the period was assessed; otherwise its last
 * crawl failed, or it is not assessed yet (never crawled in the period, cancelled, or still running).
 */
export function vendorStateOf(row: Pick<VendorStandingRow, 'latest' | 'lastCrawl'>): VendorReportState {
  if (row.latest) return 'assessed';
  return row.lastCrawl?.status === 'failed' ? 'crawl_failed' : 'not_assessed';
}

export const toVendorCompliance = (row: VendorStandingRow, trend: VendorCompliance['trend']): VendorCompliance => {
  const { latest, lastCrawl } = row;
  return {
    vendorId: row.vendorId,
    vendorName: row.vendorName,
    vendorUrl: row.vendorUrl,
    state: vendorStateOf(row),
    latestReportId: latest?.reportId ?? null,
    rate: latest?.rate ?? null,
    label: latest?.label ?? null,
    method: latest?.method ?? null,
    rendering: latest?.rendering ?? null,
    lastAssessedAt: latest?.assessedAt.toISOString() ?? null,
    trend,
    // The latest assessment's own crawl says nothing new when it completed: a later (failed, cancelled,
    // running) crawl is named, and so is the assessment's own crawl when it failed — a vendor judged on
    // its email, domain and TLS alone because its site refused the crawl (a refused certificate) says why.
    lastCrawl:
      lastCrawl && (lastCrawl.jobId !== latest?.jobId || lastCrawl.status === 'failed')
        ? {
            jobId: lastCrawl.jobId,
            status: lastCrawl.status,
            method: lastCrawl.method,
            at: lastCrawl.at.toISOString(),
            failure: lastCrawl.status === 'failed' ? explainCrawlFailure(lastCrawl.error) : null,
          }
        : null,
  };
};
