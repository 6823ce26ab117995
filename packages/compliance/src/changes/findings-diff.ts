import type { CheckOutcome, CheckSeverity, FindingChange } from '@vendorwatch/contracts';

/** One check's outcome in an assessment, as the findings diff reads it. */
export interface CheckOutcomeOf {
  checkId: string;
  title: string;
  severity: CheckSeverity;
  outcome: CheckOutcome;
  /** false: the crawl did not collect what decides the check (another method, another sample). Absent means true. */
  evaluated?: boolean;
  /** What the check found, one stable label each; null or absent when it lists none (or was stored before they were). */
  findings?: readonly string[] | null;
}

export interface FindingsDiff {
  /**
   * Checks that fail or warn now and did not before, or went from a warning to a failure — and those
   * that failed (or warned) before and still do but found something the earlier result did not (a
   * second vulnerable library, a new advisory, one more failing host): `newFindings` names it.
   */
  new: FindingChange[];
  /** Checks that failed or warned before and now do better. */
  resolved: FindingChange[];
  /**
   * Checks one of the two crawls did not evaluate (its method cannot, or it did not reach the fact):
   * what they say cannot be compared, so they are neither new nor resolved, whatever the outcomes.
   */
  notComparable: FindingChange[];
}

/** How bad an outcome is: a finding is a warning or a failure. */
// A check that could not be checked is no finding: nothing says the vendor got worse (or better).
const WEIGHT: Record<CheckOutcome, number> = { pass: 0, not_applicable: 0, not_checked: 0, warn: 1, fail: 2 };
const weight = (outcome: CheckOutcome | null | undefined) => (outcome ? WEIGHT[outcome] : 0);
/** A check that could not be checked (its lookups went unanswered) was not evaluated either. */
const evaluated = (check: CheckOutcomeOf) => check.evaluated !== false && check.outcome !== 'not_checked';

/** The labels `check` found that `previous` did not; empty unless both listed theirs. */
function foundSince(previous: CheckOutcomeOf | undefined, check: CheckOutcomeOf): string[] {
  if (!previous?.findings || !check.findings) return [];
  const earlier = new Set(previous.findings);
  return check.findings.filter((label) => !earlier.has(label));
}

/**
 * The compliance findings that are new in `after` and those resolved since `before`, matched by
 * check id, in `after`'s order. Below the outcome, a check that keeps failing is new again when it
 * found something the earlier one did not: the outcome alone would hide a second vulnerable library.
 * A check that left the catalogue is neither: nothing says it was fixed.
 * A check only one of the crawls evaluated is not comparable: a browser crawl's accessibility failure
 * is not "resolved" by an http crawl that could not look, nor "new" when the browser looks again.
 */
export function findingsDiff(before: readonly CheckOutcomeOf[], after: readonly CheckOutcomeOf[]): FindingsDiff {
  const earlier = new Map(before.map((check) => [check.checkId, check]));
  const diff: FindingsDiff = { new: [], resolved: [], notComparable: [] };
  for (const check of after) {
    const previous = earlier.get(check.checkId);
    const change = { ...pick(check), previousOutcome: previous?.outcome ?? null };
    if (previous && evaluated(previous) !== evaluated(check)) {
      diff.notComparable.push(change);
      continue;
    }
    // Neither crawl looked: there is nothing to say about it.
    if (!evaluated(check)) continue;
    const was = weight(previous?.outcome);
    const now = weight(check.outcome);
    const found = now > 0 ? foundSince(previous, check) : [];
    if (now > was) diff.new.push(found.length ? { ...change, newFindings: found } : change);
    else if (now < was) diff.resolved.push(change);
    else if (found.length) diff.new.push({ ...change, newFindings: found });
  }
  return diff;
}

const pick = ({ checkId, title, severity, outcome }: CheckOutcomeOf) => ({ checkId, title, severity, outcome });
