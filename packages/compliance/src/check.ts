import type { CheckEvidence, CheckGroup, CheckOutcome, CheckSeverity, CrawlMethod } from '@vendorwatch/contracts';
import type { AssessedCrawl, AssessedPage } from './input';

/** What one check concluded about one crawl. */
export interface CheckEvaluation {
  outcome: CheckOutcome;
  /** One line on what was found, e.g. "3 of 12 pages send no Referrer-Policy". */
  summary: string;
  /** Every piece of evidence; the assessment keeps the first MAX_EVIDENCE_PER_CHECK and counts the rest. */
  evidence: CheckEvidence[];
  /**
   * false when the crawl did not collect what decides the check — its method cannot, or it did not
   * reach the fact (axe-core ran on no page, the plain-HTTP address was not requested): the outcome
   * is not_applicable and says nothing about the site, so comparisons between crawls leave it out.
   * Absent means true.
   */
  evaluated?: boolean;
  /**
   * What a failing or warning check found, one stable label each (no page counts, no dates): compared
   * between crawls, a label the earlier result lacked is a new finding even when the outcome is unchanged.
   */
  findings?: string[];
}

/**
 * One compliance check: a pure function of a stored crawl (no database, no network, no clock —
 * dates are compared against the times recorded in the crawl). A new check is one new file in
 * `checks/` plus its test, listed once in the catalogue.
 */
export interface Check {
  id: string;
  /** Bump when what the check decides changes, so the catalogue version (and every stored assessment's) says so. */
  version: number;
  group: CheckGroup;
  severity: CheckSeverity;
  title: string;
  whyItMatters: string;
  howToFix: string;
  /** The methods whose data can decide this check; for the others it is not_applicable and says so. */
  methods: readonly CrawlMethod[];
  evaluate(crawl: AssessedCrawl): CheckEvaluation;
}

export const ALL_METHODS: readonly CrawlMethod[] = ['puppeteer', 'api', 'http', 'adaptive'];
/**
 * Checks only a browser can decide. The adaptive method renders in the browser a sample of every template and
 * every page of the templates where the browser sees more than plain HTTP, so it decides them as the browser does.
 */
export const BROWSER_ONLY: readonly CrawlMethod[] = ['puppeteer', 'adaptive'];

export const pass = (summary: string, evidence: CheckEvidence[] = []): CheckEvaluation => ({
  outcome: 'pass',
  summary,
  evidence,
});
export const warn = (summary: string, evidence: CheckEvidence[] = []): CheckEvaluation => ({
  outcome: 'warn',
  summary,
  evidence,
});
export const fail = (summary: string, evidence: CheckEvidence[] = []): CheckEvaluation => ({
  outcome: 'fail',
  summary,
  evidence,
});
export const notApplicable = (summary: string): CheckEvaluation => ({ outcome: 'not_applicable', summary, evidence: [] });
/** The crawl did not collect what decides the check (see `CheckEvaluation.evaluated`). */
export const notEvaluated = (summary: string): CheckEvaluation => ({ ...notApplicable(summary), evaluated: false });

/** Evidence about one stored page. */
export const onPage = (page: AssessedPage, detail: string): CheckEvidence => ({ url: page.url, pageId: page.id, detail });

/** Evidence that is about the site (TLS, security.txt …) rather than one stored page. */
export const onSite = (url: string | null, detail: string): CheckEvidence => ({ url, pageId: null, detail });
