import type { CheckOutcome, CheckSeverity, FindingChange } from '@vendorwatch/contracts';

/** One check's outcome in an assessment, as the findings diff reads it. */
export interface CheckOutcomeOf {
  checkId: string;
  title: string;
  severity: CheckSeverity;
  outcome: CheckOutcome;
}

export interface FindingsDiff {
  /** Checks that fail or warn now and did not before, or went from a warning to a failure. */
  new: FindingChange[];
  /** Checks that failed or warned before and now do better. */
  resolved: FindingChange[];
}

/** How bad an outcome is: a finding is a warning or a failure. */
// A check that could not be checked is no finding: nothing says the vendor got worse (or better).
const WEIGHT: Record<CheckOutcome, number> = { pass: 0, not_applicable: 0, not_checked: 0, warn: 1, fail: 2 };
const weight = (outcome: CheckOutcome | null | undefined) => (outcome ? WEIGHT[outcome] : 0);

/**
 * The compliance findings that are new in `after` and those resolved since `before`, matched by
 * check id, in `after`'s order. A check that left the catalogue is neither: nothing says it was fixed.
 */
export function findingsDiff(before: readonly CheckOutcomeOf[], after: readonly CheckOutcomeOf[]): FindingsDiff {
  const earlier = new Map(before.map((check) => [check.checkId, check]));
  const diff: FindingsDiff = { new: [], resolved: [] };
  for (const check of after) {
    const previous = earlier.get(check.checkId);
    const was = weight(previous?.outcome);
    const now = weight(check.outcome);
    const change = { ...pick(check), previousOutcome: previous?.outcome ?? null };
    if (now > was) diff.new.push(change);
    else if (now < was) diff.resolved.push(change);
  }
  return diff;
}

const pick = ({ checkId, title, severity, outcome }: CheckOutcomeOf): CheckOutcomeOf => ({ checkId, title, severity, outcome });
