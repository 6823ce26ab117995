import {
  type CheckAcceptance,
  type CheckOutcome,
  type CheckSeverity,
  type Grades,
  type ReportCheckOutcome,
  riskAcceptanceState,
  type RiskAcceptanceStatus,
} from '@vendorwatch/contracts';
import { gradesOf, type GradedCheck } from './grades';
import { score, type Score } from './scoring';

/** What applying reads of a stored acceptance: its decision and its expiry (the state is computed here, at `now`). */
export interface AcceptanceRecord {
  id: string;
  checkId: string;
  justification: string;
  expiresAt: Date;
  status: RiskAcceptanceStatus;
}

/** Outcomes an acceptance may cover: a check that costs the vendor something. */
export const ACCEPTABLE_OUTCOMES: readonly CheckOutcome[] = ['fail', 'warn'];
export const isAcceptableOutcome = (outcome: string): boolean => (ACCEPTABLE_OUTCOMES as readonly string[]).includes(outcome);

type Assessed = { checkId: string; outcome: CheckOutcome };

export type WithAcceptance<T extends Assessed> = Omit<T, 'outcome'> & {
  outcome: ReportCheckOutcome;
  /** What the assessment found. */
  assessedOutcome: CheckOutcome;
  acceptance?: CheckAcceptance;
};

/**
 * The one rule every reader of outcomes applies (report detail, exports, vendor lists, dashboard): a
 * failing or warning check covered by an approved acceptance that has not expired at `now` reads
 * `accepted`, which — like `not_checked` — the rate and the grades leave out. An acceptance past its
 * expiry, or a check that no longer fails, is left as assessed.
 */
export function applyAcceptances<T extends Assessed>(
  checks: readonly T[],
  acceptances: readonly AcceptanceRecord[],
  now: Date = new Date(),
): WithAcceptance<T>[] {
  const active = new Map<string, AcceptanceRecord>();
  for (const acceptance of acceptances)
    if (riskAcceptanceState(acceptance.status, acceptance.expiresAt, now) === 'approved')
      active.set(acceptance.checkId, acceptance);
  return checks.map((check) => {
    const acceptance = isAcceptableOutcome(check.outcome) ? active.get(check.checkId) : undefined;
    if (!acceptance) return { ...check, assessedOutcome: check.outcome };
    return {
      ...check,
      outcome: 'accepted',
      assessedOutcome: check.outcome,
      acceptance: { id: acceptance.id, justification: acceptance.justification, expiresAt: acceptance.expiresAt.toISOString() },
    };
  });
}

type Scored = GradedCheck & { severity: CheckSeverity; outcome: string };

/** The rate of checks that may read `accepted` (left out, like every outcome that is not pass, warn or fail). */
export const scoreWithAcceptances = (checks: readonly Scored[]): Score =>
  score(checks.filter((check): check is Scored & { outcome: CheckOutcome } => check.outcome !== 'accepted'));

/** The grades and rate of an assessment's checks with acceptances applied, and as assessed (everything counted). */
export function acceptedStanding<T extends Assessed & GradedCheck>(
  checks: readonly T[],
  acceptances: readonly AcceptanceRecord[],
  now: Date = new Date(),
) {
  const applied = applyAcceptances(checks, acceptances, now);
  return {
    checks: applied,
    accepted: applied.filter((check) => check.outcome === 'accepted').length,
    grades: gradesOf(applied) as Grades,
    score: scoreWithAcceptances(applied),
    gradesWithAcceptedCounted: gradesOf(checks),
    scoreWithAcceptedCounted: score(checks),
  };
}
