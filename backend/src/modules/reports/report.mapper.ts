import type { CheckResult, ReportDetail, ReportSummary } from '@vendorwatch/contracts';
import type { ComplianceAssessmentWithVendor, ComplianceCheckResultRow } from '@vendorwatch/db';
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

export const toReportDetail = (
  row: ComplianceAssessmentWithVendor,
  checks: ComplianceCheckResultRow[],
  pagesWithScreenshot: string[],
): ReportDetail => ({
  ...toReportSummary(row),
  catalogueVersion: row.catalogueVersion,
  checks: checks.map(toCheckResult),
  notEvaluatedByMethod: row.notEvaluatedByMethod,
});
