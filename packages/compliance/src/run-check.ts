import {
  type CheckResult,
  type CrawlMethod,
  MAX_EVIDENCE_PER_CHECK,
  MAX_FINDING_LENGTH,
  MAX_FINDINGS_PER_CHECK,
} from '@vendorwatch/contracts';
import { type Check, type CheckEvaluation, notEvaluated } from './check';
import type { AssessedCrawl } from './input';

const METHOD_NAMES: Record<CrawlMethod, string> = {
  puppeteer: 'browser (puppeteer)',
  api: 'scraping API (api)',
  http: 'plain HTTP (http)',
  adaptive: 'adaptive',
};

/** "Needs the browser (puppeteer) method": why a check did not run on this crawl's method. */
export const needsMethod = (methods: readonly CrawlMethod[]) =>
  `Needs the ${methods.map((method) => METHOD_NAMES[method]).join(' or ')} method`;

/** Whether the crawl's method collects the facts this check decides on. */
export const canEvaluate = (check: Check, crawl: AssessedCrawl) => check.methods.includes(crawl.method);

/**
 * One check on one crawl, as the API shows it: not_applicable when the method cannot decide it,
 * evidence capped with the full count kept. A check that throws is a bug, so the error propagates.
 */
export function runCheck(check: Check, crawl: AssessedCrawl): CheckResult {
  const evaluation: CheckEvaluation = canEvaluate(check, crawl)
    ? check.evaluate(crawl)
    : notEvaluated(needsMethod(check.methods));
  return {
    checkId: check.id,
    group: check.group,
    severity: check.severity,
    outcome: evaluation.outcome,
    title: check.title,
    summary: evaluation.summary,
    whyItMatters: check.whyItMatters,
    howToFix: check.howToFix,
    evidence: evaluation.evidence.slice(0, MAX_EVIDENCE_PER_CHECK),
    evidenceTotal: evaluation.evidence.length,
    evaluated: evaluation.evaluated ?? true,
    ...(evaluation.findings && {
      findings: [...new Set(evaluation.findings.map((label) => label.slice(0, MAX_FINDING_LENGTH)))].slice(
        0,
        MAX_FINDINGS_PER_CHECK,
      ),
    }),
  };
}
