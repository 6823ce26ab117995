import type { CheckEvidence, CheckGroup, CheckOutcome, CheckSeverity, CrawlMethod } from '@vendorwatch/contracts';
import type { AssessedCrawl } from './input';

/** What one check concluded about one crawl. */
export interface CheckEvaluation {
  outcome: CheckOutcome;
  /** One line on what was found, e.g. "3 of 12 pages send no Referrer-Policy". */
  summary: string;
  /** Every piece of evidence; the assessment keeps the first MAX_EVIDENCE_PER_CHECK and counts the rest. */
  evidence: CheckEvidence[];
}

/**
 * One compliance check: a pure function of a stored crawl (no database, no network, no clock —
 * dates are compared against the times recorded in the crawl). A new check is one new file in
 * `checks/` plus its test, listed once in the catalogue.
 */
export interface Check {
  id: string;
  group: CheckGroup;
  severity: CheckSeverity;
  title: string;
  whyItMatters: string;
  howToFix: string;
  /** The methods whose data can decide this check; for the others it is not_applicable and says so. */
  methods: readonly CrawlMethod[];
  evaluate(crawl: AssessedCrawl): CheckEvaluation;
}
