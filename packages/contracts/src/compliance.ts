import { z } from 'zod';
import { CRAWL_JOB_STATUSES, renderingSummarySchema } from './crawl';
import { crawlFailureExplanationSchema } from './crawl-failure';
import { gradesSchema } from './grades';
import { checkAcceptanceSchema } from './risk-acceptances';
import { isoDateTime } from './schemas/common';

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
export const checkEvidenceSchema = z.object({
  url: z.string().nullable(),
  /** The crawled page's id, so the report can link to the page and its screenshot. */
  pageId: z.uuid().nullable(),
  detail: z.string(),
});
export type CheckEvidence = z.output<typeof checkEvidenceSchema>;

/** One check's result in one assessment. */
export const checkResultSchema = z.object({
  checkId: z.string(),
  group: z.enum(CHECK_GROUPS),
  severity: z.enum(CHECK_SEVERITIES),
  outcome: z.enum(CHECK_OUTCOMES),
  /** One line naming the check, e.g. "HSTS present with max-age of at least 6 months". */
  title: z.string(),
  /** One line on what this assessment found, e.g. "3 of 12 pages send no Referrer-Policy". */
  summary: z.string(),
  whyItMatters: z.string(),
  howToFix: z.string(),
  /** The first pieces of evidence (at most MAX_EVIDENCE_PER_CHECK); `evidenceTotal` counts them all. */
  evidence: z.array(checkEvidenceSchema),
  evidenceTotal: z.number().int(),
  /**
   * false: the crawl did not collect what decides this check (its method cannot, or it did not reach
   * the fact) — the outcome is not_applicable, says nothing about the site, and is not compared with
   * other crawls' outcomes.
   */
  evaluated: z.boolean().meta({
    description: 'false: the crawl did not collect what decides the check (its method cannot, or it did not reach the fact)',
  }),
  /**
   * What the check found, one stable label each — a library version's advisory, a tracker host, an
   * origin or domain that fails — so two assessments are compared below the outcome: a second vulnerable
   * library in a check that already failed is still a new finding. Absent for checks that list none.
   */
  findings: z.array(z.string()).optional(),
});
export type CheckResult = z.output<typeof checkResultSchema>;

export const MAX_EVIDENCE_PER_CHECK = 50;
/** Finding labels kept per check result (`findings`), and the length of each. */
export const MAX_FINDINGS_PER_CHECK = 200;
export const MAX_FINDING_LENGTH = 300;

export const outcomeCountsSchema = z.object({
  pass: z.number().int(),
  fail: z.number().int(),
  warn: z.number().int(),
  notApplicable: z.number().int(),
});
export type OutcomeCounts = z.output<typeof outcomeCountsSchema>;

export const severityCountsSchema = z.object(
  Object.fromEntries(CHECK_SEVERITIES.map((severity) => [severity, z.number().int()])),
) as z.ZodObject<Record<CheckSeverity, z.ZodNumber>>;
export type SeverityCounts = z.output<typeof severityCountsSchema>;

/** One assessment (one completed crawl of one vendor), as `GET /api/reports` lists them. */
export const reportSummarySchema = z
  .object({
    id: z.uuid(),
    jobId: z.uuid(),
    vendorId: z.uuid().nullable(),
    vendorName: z.string().nullable(),
    /** The crawl method; checks it cannot evaluate are `not_applicable`. */
    method: z.string(),
    targetUrl: z.string(),
    assessedAt: isoDateTime,
    crawlCompletedAt: isoDateTime.nullable(),
    /** Weighted passed checks / applicable checks, 0–100, one decimal. */
    rate: z.number().min(0).max(100),
    label: z.enum(COMPLIANCE_LABELS),
    counts: outcomeCountsSchema,
    /** Failed checks by severity. */
    failures: severityCountsSchema,
    pagesChecked: z.number().int(),
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.output<typeof reportSummarySchema>;

/**
 * A check's outcome as a report shows it: its assessed outcome, or `accepted` while an approved, unexpired
 * risk acceptance covers it (left out of the rate and grades, like `not_checked`).
 */
export const REPORT_CHECK_OUTCOMES = [...CHECK_OUTCOMES, 'accepted'] as const;
export type ReportCheckOutcome = (typeof REPORT_CHECK_OUTCOMES)[number];
export const REPORT_CHECK_OUTCOME_LABELS: Record<ReportCheckOutcome, string> = { ...CHECK_OUTCOME_LABELS, accepted: 'Accepted' };

/** One check of a report: an accepted one says which acceptance, why, and until when. */
export const reportCheckSchema = checkResultSchema.extend({
  outcome: z.enum(REPORT_CHECK_OUTCOMES),
  /** The outcome the assessment found, before any acceptance (equal to `outcome` unless accepted; absent from older clients' fixtures). */
  assessedOutcome: z.enum(CHECK_OUTCOMES).optional(),
  acceptance: checkAcceptanceSchema
    .optional()
    .meta({ description: 'Present while an approved, unexpired acceptance covers the check' }),
});
export type ReportCheck = z.output<typeof reportCheckSchema>;

/** `GET /api/reports/{id}`: one assessment with every check and its evidence. */
export const reportDetailSchema = reportSummarySchema
  .extend({
    catalogueVersion: z.string(),
    /** Letter grades per category and overall, computed from `checks` by the published method. */
    grades: gradesSchema,
    /** The grades as if no acceptance applied: accepted checks counted with their assessed outcome. */
    gradesWithAcceptedCounted: gradesSchema,
    /** The rate as if no acceptance applied. */
    rateWithAcceptedCounted: z.number().min(0).max(100),
    /** Checks shown as `accepted` (left out of `rate`, `counts` and `grades`). */
    acceptedChecks: z.number().int(),
    checks: z.array(reportCheckSchema),
    /** Titles of the checks the crawl's method could not evaluate (e.g. trackers need the browser method). */
    notEvaluatedByMethod: z.array(z.string()),
    /** How an adaptive crawl read its pages: how many over HTTP, how many in the browser and why; null for the other methods. */
    rendering: renderingSummarySchema.nullable(),
    /** Ids of the evidence's pages that have a screenshot: only those offer one. */
    pagesWithScreenshot: z.array(z.uuid()).meta({ description: "Ids of the evidence's pages that have a screenshot" }),
  })
  .meta({ id: 'ReportDetail' });
export type ReportDetail = z.output<typeof reportDetailSchema>;

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
export const reportLastCrawlSchema = z.object({
  jobId: z.uuid(),
  status: z.enum(CRAWL_JOB_STATUSES),
  method: z.string(),
  /** When it ended, or was created while it still waits or runs. */
  at: isoDateTime,
  /** Why it failed, in plain words with the stored message behind it (`explainCrawlFailure`); null unless it failed. */
  failure: crawlFailureExplanationSchema.nullable(),
});
export type ReportLastCrawl = z.output<typeof reportLastCrawlSchema>;

/** A vendor's standing in the filtered period: its state, its latest assessment and its rate over time. */
export const vendorComplianceSchema = z.object({
  vendorId: z.uuid(),
  vendorName: z.string(),
  /** The vendor's website as entered. */
  vendorUrl: z.string(),
  state: z.enum(VENDOR_REPORT_STATES),
  /** The latest assessment in the period; these are null unless the state is `assessed`. */
  latestReportId: z.uuid().nullable(),
  rate: z.number().nullable(),
  label: z.enum(COMPLIANCE_LABELS).nullable(),
  /** The crawl method of the latest assessment. */
  method: z.string().nullable(),
  /** How the latest assessment's adaptive crawl read its pages; null for the other methods. */
  rendering: renderingSummarySchema.nullable(),
  lastAssessedAt: isoDateTime.nullable(),
  /** The latest assessments in the period, oldest first; `crawledAt` is when the judged crawl completed. */
  trend: z.array(z.object({ assessedAt: isoDateTime, crawledAt: isoDateTime, rate: z.number() })),
  /** The latest crawl in the period when it did not end in the latest assessment (failed, cancelled, running); else null. */
  lastCrawl: reportLastCrawlSchema
    .nullable()
    .meta({ description: 'The latest crawl of the period when it is not the assessed one (failed, cancelled, running)' }),
});
export type VendorCompliance = z.output<typeof vendorComplianceSchema>;

/** `GET /api/reports/summary`: the tiles and the compliance table for the filter. */
export const reportsOverviewSchema = z
  .object({
    /** Vendors the filter covers (all the caller's, or the one chosen), each listed in `vendors`. */
    vendorsInScope: z.number().int(),
    vendorsAssessed: z.number().int(),
    /** In scope without an assessment in the period, their last crawl not failed (never crawled, cancelled, running). */
    vendorsNotAssessed: z.number().int(),
    /** In scope without an assessment in the period because their last crawl failed. */
    vendorsCrawlFailed: z.number().int(),
    /** Mean of each assessed vendor's latest rate; null when nothing was assessed. */
    averageRate: z.number().nullable(),
    pagesChecked: z.number().int(),
    /** Failed checks by severity in each vendor's latest assessment. */
    openFailures: severityCountsSchema,
    /** Every vendor in scope, by name. */
    vendors: z.array(vendorComplianceSchema),
  })
  .meta({ id: 'ReportsOverview' });
export type ReportsOverview = z.output<typeof reportsOverviewSchema>;

export const REPORT_EXPORT_FORMATS = ['pdf', 'csv', 'excel'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
export const REPORT_FILE_EXTENSIONS: Record<ReportExportFormat, string> = { pdf: 'pdf', csv: 'csv', excel: 'xlsx' };
export const REPORT_FORMAT_LABELS: Record<ReportExportFormat, string> = { pdf: 'PDF', csv: 'CSV', excel: 'Excel (.xlsx)' };
