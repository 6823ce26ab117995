import { createHash } from 'node:crypto';
import type { CheckSeverity, GradeCategory, GradeLetter } from '@vendorwatch/contracts';
import { OUTCOME_CREDIT, SEVERITY_WEIGHTS } from '../scoring';

/**
 * The grading method, published in docs/methodology.md (generated in part from this file and the
 * catalogue, and tested to be current). Everything a grade depends on is here.
 */

/** The check groups each category grades. `tls` and `email_domain` are the groups of the domain checks. */
export const CATEGORY_GROUPS: Readonly<Record<GradeCategory, readonly string[]>> = {
  security_headers: ['security_headers'],
  transport: ['transport', 'tls'],
  email_domain: ['email_domain'],
  software: ['software'],
  privacy_legal: ['privacy_legal'],
  accessibility: ['accessibility'],
  content_hygiene: ['content_hygiene'],
};

/** A score at or above the threshold earns the letter; below the last one it is F. */
export const LETTER_THRESHOLDS: readonly (readonly [GradeLetter, number])[] = [
  ['A', 90],
  ['B', 80],
  ['C', 70],
  ['D', 60],
];

/**
 * A failed check of this severity caps grades whatever the score: the site is unsafe to use at all
 * (no HTTPS, a certificate browsers refuse), and no number of passed checks makes up for that.
 */
export const CAPPING_SEVERITY: CheckSeverity = 'critical';
export const CATEGORY_CAP: GradeLetter = 'F';
export const OVERALL_CAP: GradeLetter = 'D';

/** The outcomes that are judged; every other one (not applicable, could not be checked) is left out of both sides. */
export const JUDGED_OUTCOMES = ['pass', 'warn', 'fail'] as const;

export function letterFor(score: number): GradeLetter {
  return LETTER_THRESHOLDS.find(([, threshold]) => score >= threshold)?.[0] ?? 'F';
}

/** The worse of two letters: they sort from best (A) to worst (F). */
export const worseOf = (a: GradeLetter, b: GradeLetter): GradeLetter => (a > b ? a : b);

export function categoryOfGroup(group: string): GradeCategory | null {
  const found = (Object.entries(CATEGORY_GROUPS) as [GradeCategory, readonly string[]][]).find(([, groups]) =>
    groups.includes(group),
  );
  return found?.[0] ?? null;
}

/** Identifies the method: any change to the categories, thresholds, caps, weights or credits gives a new value. */
export const GRADE_METHOD = `grades-1-${createHash('sha256')
  .update(
    JSON.stringify({
      CATEGORY_GROUPS,
      LETTER_THRESHOLDS,
      CAPPING_SEVERITY,
      CATEGORY_CAP,
      OVERALL_CAP,
      JUDGED_OUTCOMES,
      SEVERITY_WEIGHTS,
      OUTCOME_CREDIT,
    }),
  )
  .digest('hex')
  .slice(0, 8)}`;
