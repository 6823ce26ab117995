import type { CrawlJobStatus } from './crawl';
import type { CrawlFailureExplanation } from './crawl-failure';
import type { Grades } from './grades';

/**
 * Compliance assessments as the API returns them and the frontend shows them. A completed crawl is
 * assessed against the check catalogue (packages/compliance); each check ends in one outcome with
 * evidence, and the crawl gets a compliance rate and a label.
 */

/**
 * `not_checked`: the facts a check needs could not be read (a domain whose DNS lookups timed out):
 * like `not_applicable` it is left out of the rate — an unanswered lookup is no evidence against the
 * vendor — but it says the check would apply and should be run again.
 */
export const CHECK_OUTCOMES = ['pass', 'fail', 'warn', 'not_applicable', 'not_checked'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const CHECK_OUTCOME_LABELS: Record<CheckOutcome, string> = {
  pass: 'Passed',
  fail: 'Failed',
  warn: 'Warning',
  not_applicable: 'Not applicable',
  not_checked: 'Could not be checked',
};

/** Outcomes that count in the compliance rate; the others are left out of both sides. */
export const RATED_OUTCOMES = ['pass', 'warn', 'fail'] as const;
export type RatedOutcome = (typeof RATED_OUTCOMES)[number];
export const isRatedOutcome = (outcome: CheckOutcome): outcome is RatedOutcome =>
  (RATED_OUTCOMES as readonly string[]).includes(outcome);

/** Most severe first. The weight each severity carries in the rate lives in packages/compliance (scoring). */
export const CHECK_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

export const CHECK_SEVERITY_LABELS: Record<CheckSeverity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const CHECK_GROUPS = [
  'transport',
  'tls',
  'security_headers',
  'email_domain',
  'software',
  'privacy_legal',
  'content_hygiene',
  'accessibility',
] as const;
export type CheckGroup = (typeof CHECK_GROUPS)[number];

export const CHECK_GROUP_TITLES: Record<CheckGroup, string> = {
  transport: 'Transport security',
  tls: 'TLS',
  security_headers: 'Security headers',
  email_domain: 'Email & domain',
  software: 'Software',
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
  /** Letter grades per category and overall, computed from `checks` by the published method. */
  grades: Grades;
  checks: CheckResult[];
  /** Titles of the checks the crawl's method could not evaluate (e.g. trackers need the browser method). */
  notEvaluatedByMethod: string[];
  /** Ids of the evidence's pages that have a screenshot: only those offer one. */
  pagesWithScreenshot: string[];
}

/**
 * Where a vendor stands in a report's period: assessed (a rate and a label), not assessed yet (never
 * crawled in the period, or its crawls were cancelled or are still running), or its last crawl failed
 * (and no crawl of the period was assessed). A report lists every vendor of its scope with one of these,
 * so "not assessed" is never mistaken for "fine" by leaving the vendor out.
 */
export const VENDOR_REPORT_STATES = ['assessed', 'not_assessed', 'crawl_failed'] as const;
export type VendorReportState = (typeof VENDOR_REPORT_STATES)[number];
export const VENDOR_REPORT_STATE_LABELS: Record<VendorReportState, string> = {
  assessed: 'Assessed',
  not_assessed: 'Not assessed yet',
  crawl_failed: 'Last crawl failed',
};

/** A vendor's latest crawl in the period when it is not the one its latest assessment judged. */
export interface ReportLastCrawl {
  jobId: string;
  status: CrawlJobStatus;
  method: string;
  /** When it ended, or was created while it still waits or runs. */
  at: string;
  /** Why it failed, in plain words with the stored message behind it (`explainCrawlFailure`); null unless it failed. */
  failure: CrawlFailureExplanation | null;
}

/** A vendor's standing in the filtered period: its state, its latest assessment and its rate over time. */
export interface VendorCompliance {
  vendorId: string;
  vendorName: string;
  /** The vendor's website as entered. */
  vendorUrl: string;
  state: VendorReportState;
  /** The latest assessment in the period; these are null unless the state is `assessed`. */
  latestReportId: string | null;
  rate: number | null;
  label: ComplianceLabel | null;
  /** The crawl method of the latest assessment. */
  method: string | null;
  lastAssessedAt: string | null;
  /** The latest assessments in the period, oldest first; `crawledAt` is when the judged crawl completed. */
  trend: { assessedAt: string; crawledAt: string; rate: number }[];
  /** The latest crawl in the period when it did not end in the latest assessment (failed, cancelled, running); else null. */
  lastCrawl: ReportLastCrawl | null;
}

/** `GET /api/reports/summary`: the tiles and the compliance table for the filter. */
export interface ReportsOverview {
  /** Vendors the filter covers (all the caller's, or the one chosen), each listed in `vendors`. */
  vendorsInScope: number;
  vendorsAssessed: number;
  /** In scope without an assessment in the period, their last crawl not failed (never crawled, cancelled, running). */
  vendorsNotAssessed: number;
  /** In scope without an assessment in the period because their last crawl failed. */
  vendorsCrawlFailed: number;
  /** Mean of each assessed vendor's latest rate; null when nothing was assessed. */
  averageRate: number | null;
  pagesChecked: number;
  /** Failed checks by severity in each vendor's latest assessment. */
  openFailures: SeverityCounts;
  /** Every vendor in scope, by name. */
  vendors: VendorCompliance[];
}

export const REPORT_EXPORT_FORMATS = ['pdf', 'csv', 'excel'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const REPORT_FILE_EXTENSIONS: Record<ReportExportFormat, string> = { pdf: 'pdf', csv: 'csv', excel: 'xlsx' };
export const REPORT_FORMAT_LABELS: Record<ReportExportFormat, string> = { pdf: 'PDF', csv: 'CSV', excel: 'Excel (.xlsx)' };
