/**
 * Compliance assessments as the API returns them and the frontend shows them. A completed crawl is
 * assessed against the check catalogue (packages/compliance); each check ends in one outcome with
 * evidence, and the crawl gets a compliance rate and a label.
 */

export const CHECK_OUTCOMES = ['pass', 'fail', 'warn', 'not_applicable'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const CHECK_OUTCOME_LABELS: Record<CheckOutcome, string> = {
  pass: 'Passed',
  fail: 'Failed',
  warn: 'Warning',
  not_applicable: 'Not applicable',
};

/** Most severe first. The weight each severity carries in the rate lives in packages/compliance (scoring). */
export const CHECK_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

export const CHECK_SEVERITY_LABELS: Record<CheckSeverity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const CHECK_GROUPS = ['transport', 'security_headers', 'privacy_legal', 'content_hygiene', 'accessibility'] as const;
export type CheckGroup = (typeof CHECK_GROUPS)[number];

export const CHECK_GROUP_TITLES: Record<CheckGroup, string> = {
  transport: 'Transport security',
  security_headers: 'Security headers',
  privacy_legal: 'Privacy and legal',
  content_hygiene: 'Content hygiene',
  accessibility: 'Accessibility basics',
};

export const COMPLIANCE_LABELS = ['Compliant', 'Partially Compliant', 'Non-Compliant'] as const;
export type ComplianceLabel = (typeof COMPLIANCE_LABELS)[number];

/** Label and colour thresholds on the compliance rate (0–100). */
export const COMPLIANCE_THRESHOLDS = { compliant: 90, partial: 70 } as const;

export function complianceLabel(rate: number): ComplianceLabel {
  if (rate >= COMPLIANCE_THRESHOLDS.compliant) return 'Compliant';
  if (rate >= COMPLIANCE_THRESHOLDS.partial) return 'Partially Compliant';
  return 'Non-Compliant';
}

export type ComplianceColor = 'green' | 'yellow' | 'red';

export function complianceColor(rate: number): ComplianceColor {
  if (rate >= COMPLIANCE_THRESHOLDS.compliant) return 'green';
  if (rate >= COMPLIANCE_THRESHOLDS.partial) return 'yellow';
  return 'red';
}

/** What decided a check: a page (when there is one) and the header value, link or element found there. */
export interface CheckEvidence {
  url: string | null;
  /** The crawled page's id, so the report can link to the page and its screenshot. */
  pageId: string | null;
  detail: string;
}

/** One check's result in one assessment. */
export interface CheckResult {
  checkId: string;
  group: CheckGroup;
  severity: CheckSeverity;
  outcome: CheckOutcome;
  /** One line naming the check, e.g. "HSTS present with max-age of at least 6 months". */
  title: string;
  /** One line on what this assessment found, e.g. "3 of 12 pages send no Referrer-Policy". */
  summary: string;
  whyItMatters: string;
  howToFix: string;
  /** The first pieces of evidence (at most MAX_EVIDENCE_PER_CHECK); `evidenceTotal` counts them all. */
  evidence: CheckEvidence[];
  evidenceTotal: number;
  /**
   * false: the crawl did not collect what decides this check (its method cannot, or it did not reach
   * the fact) — the outcome is not_applicable, says nothing about the site, and is not compared with
   * other crawls' outcomes.
   */
  evaluated: boolean;
}

export const MAX_EVIDENCE_PER_CHECK = 50;

export interface OutcomeCounts {
  pass: number;
  fail: number;
  warn: number;
  notApplicable: number;
}

export type SeverityCounts = Record<CheckSeverity, number>;

/** One assessment (one completed crawl of one vendor), as `GET /api/reports` lists them. */
export interface ReportSummary {
  id: string;
  jobId: string;
  vendorId: string | null;
  vendorName: string | null;
  /** The crawl method; checks it cannot evaluate are `not_applicable`. */
  method: string;
  targetUrl: string;
  assessedAt: string;
  crawlCompletedAt: string | null;
  /** Weighted passed checks / applicable checks, 0–100, one decimal. */
  rate: number;
  label: ComplianceLabel;
  counts: OutcomeCounts;
  /** Failed checks by severity. */
  failures: SeverityCounts;
  pagesChecked: number;
}

/** `GET /api/reports/{id}`: one assessment with every check and its evidence. */
export interface ReportDetail extends ReportSummary {
  catalogueVersion: string;
  checks: CheckResult[];
  /** Titles of the checks the crawl's method could not evaluate (e.g. trackers need the browser method). */
  notEvaluatedByMethod: string[];
}

/** A vendor's standing in the filtered period: its latest assessment and its rate over time. */
export interface VendorCompliance {
  vendorId: string;
  vendorName: string;
  latestReportId: string;
  rate: number;
  label: ComplianceLabel;
  lastAssessedAt: string;
  /** Oldest first. */
  trend: { assessedAt: string; rate: number }[];
}

/** `GET /api/reports/summary`: the tiles and the compliance table for the filter. */
export interface ReportsOverview {
  vendorsAssessed: number;
  /** Mean of each vendor's latest rate; null when nothing was assessed. */
  averageRate: number | null;
  pagesChecked: number;
  /** Failed checks by severity in each vendor's latest assessment. */
  openFailures: SeverityCounts;
  vendors: VendorCompliance[];
}

export const REPORT_EXPORT_FORMATS = ['pdf', 'csv', 'excel'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const REPORT_FILE_EXTENSIONS: Record<ReportExportFormat, string> = { pdf: 'pdf', csv: 'csv', excel: 'xlsx' };
export const REPORT_FORMAT_LABELS: Record<ReportExportFormat, string> = { pdf: 'PDF', csv: 'CSV', excel: 'Excel (.xlsx)' };
