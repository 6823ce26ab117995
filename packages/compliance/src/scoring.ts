import {
  type CheckOutcome,
  type CheckSeverity,
  type ComplianceLabel,
  complianceLabel,
  isRatedOutcome,
  type RatedOutcome,
} from '@vendorwatch/contracts';

/**
 * The one place weights live. A check's severity is its weight in the rate: missing HTTPS or an
 * invalid certificate (critical) costs ten times what a missing meta description (low) does.
 */
export const SEVERITY_WEIGHTS: Readonly<Record<CheckSeverity, number>> = { critical: 10, high: 6, medium: 3, low: 1 };

/**
 * Share of its weight an outcome earns. A warning is a real but partial shortcoming (HSTS with a
 * short max-age, unsafe-eval in a CSP), so it earns half.
 * not_applicable and not_checked ("could not be checked": a lookup that timed out) are absent: they
 * are left out of both sides of the rate, so an unanswered DNS query never lowers a vendor's rate.
 */
export const OUTCOME_CREDIT: Readonly<Record<RatedOutcome, number>> = { pass: 1, warn: 0.5, fail: 0 };

export interface Score {
  /** Earned weight ÷ applicable weight × 100, one decimal; null when no check applied. */
  rate: number | null;
  /** From the rounded rate, so the label always agrees with the figure shown; null with the rate. */
  label: ComplianceLabel | null;
  earnedWeight: number;
  applicableWeight: number;
}

/**
 * The compliance rate of a set of check outcomes. When nothing applied (say, a crawl whose every page
 * failed to answer) there is nothing to rate: a rate of 100 would call an unreachable site compliant
 * and 0 would call it the worst, so the rate and label are null — "not assessable" — and callers
 * show that rather than a figure.
 */
export function score(results: readonly { severity: CheckSeverity; outcome: CheckOutcome }[]): Score {
  // Warnings earn half a weight; counting in halves keeps the sums integers, so the rate is exact and stable.
  let earnedHalves = 0;
  let applicableHalves = 0;
  for (const { severity, outcome } of results) {
    if (!isRatedOutcome(outcome)) continue;
    const halves = SEVERITY_WEIGHTS[severity] * 2;
    applicableHalves += halves;
    earnedHalves += halves * OUTCOME_CREDIT[outcome];
  }
  if (applicableHalves === 0) return { rate: null, label: null, earnedWeight: 0, applicableWeight: 0 };
  const rate = Math.round((earnedHalves * 1000) / applicableHalves) / 10;
  return { rate, label: complianceLabel(rate), earnedWeight: earnedHalves / 2, applicableWeight: applicableHalves / 2 };
}
