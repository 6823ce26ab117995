import {
  CHECK_SEVERITIES,
  type CheckResult,
  type ComplianceLabel,
  type OutcomeCounts,
  type RenderingSummary,
  type SeverityCounts,
} from '@vendorwatch/contracts';
import { CATALOGUE, CATALOGUE_VERSION, catalogueVersionOf } from './catalogue';
import type { Check } from './check';
import type { AssessedCrawl } from './input';
import { canEvaluate, runCheck } from './run-check';
import { renderingSummary } from './rendering';
import { score } from './scoring';

/** One crawl judged against the catalogue: what the worker stores and the reports show. */
export interface Assessment {
  catalogueVersion: string;
  /** In catalogue order. */
  checks: CheckResult[];
  /** Weighted compliance rate 0–100 (one decimal); null when no check applied — the crawl is not assessable. */
  rate: number | null;
  label: ComplianceLabel | null;
  counts: OutcomeCounts;
  /**
   * Checks that could not be checked (their facts could not be read: DNS lookups that timed out), not
   * in `counts`: like not_applicable they are left out of the rate.
   */
  notChecked: number;
  /** Failed checks by severity (warnings are not failures). */
  failures: SeverityCounts;
  /** Pages of the crawl that answered (any status); pages that never answered are not checked. */
  pagesChecked: number;
  /** Titles of the checks this crawl's method cannot evaluate, in catalogue order. */
  notEvaluatedByMethod: string[];
  /** The adaptive method's pages read over HTTP and in the browser, and why; null for the other methods. */
  rendering: RenderingSummary | null;
}

/**
 * The checks a crawl that read no page can still be judged by: the "Email & domain" and "TLS" groups
 * (the start host's certificate among them) — facts read about the vendor's domains and hosts, not its pages.
 */
export const readsNoPage = (check: Check): boolean => check.group === 'email_domain' || check.group === 'tls';

/**
 * Judges one stored crawl (a failed one by the checks that read no page: readsNoPage). Pure and deterministic: the same crawl gives byte-identical output (no
 * clock, no randomness, catalogue and crawl order only). A check that throws is a bug and the error
 * propagates, so it is fixed rather than stored as a quiet outcome.
 */
export function assess(crawl: AssessedCrawl, catalogue: readonly Check[] = CATALOGUE): Assessment {
  const checks = crawl.ended === 'failed' ? catalogue.filter(readsNoPage) : catalogue;
  const results = checks.map((check) => runCheck(check, crawl));
  const counts: OutcomeCounts = { pass: 0, fail: 0, warn: 0, notApplicable: 0 };
  let notChecked = 0;
  const failures = Object.fromEntries(CHECK_SEVERITIES.map((severity) => [severity, 0])) as SeverityCounts;
  for (const result of results) {
    if (result.outcome === 'not_applicable') counts.notApplicable++;
    else if (result.outcome === 'not_checked') notChecked++;
    else counts[result.outcome]++;
    if (result.outcome === 'fail') failures[result.severity]++;
  }
  const { rate, label } = score(results);
  return {
    catalogueVersion: catalogue === CATALOGUE ? CATALOGUE_VERSION : catalogueVersionOf(catalogue),
    checks: results,
    rate,
    label,
    counts,
    notChecked,
    failures,
    pagesChecked: crawl.pages.filter((page) => page.statusCode !== null).length,
    notEvaluatedByMethod: checks.filter((check) => !canEvaluate(check, crawl)).map((check) => check.title),
    rendering: renderingSummary(crawl),
  };
}
