/**
 * Letter grades beside the compliance rate: per category and overall, a published function of the check
 * outcomes (packages/compliance/src/grades, documented in docs/methodology.md). The rate's label rule
 * (Compliant ≥ 90, Partially Compliant ≥ 70) is unchanged; the overall grade reads the same figure.
 */

export const GRADE_LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
export type GradeLetter = (typeof GRADE_LETTERS)[number];

/** The categories graded, in the order a report shows them. */
export const GRADE_CATEGORIES = [
  'security_headers',
  'transport',
  'email_domain',
  'software',
  'privacy_legal',
  'accessibility',
  'content_hygiene',
] as const;
export type GradeCategory = (typeof GRADE_CATEGORIES)[number];

export const GRADE_CATEGORY_TITLES: Record<GradeCategory, string> = {
  security_headers: 'Security headers',
  transport: 'Transport',
  email_domain: 'Email & domain',
  software: 'Software',
  privacy_legal: 'Privacy & legal',
  accessibility: 'Accessibility',
  content_hygiene: 'Content hygiene',
};

/** One category's (or the overall) grade. */
export interface Grade {
  /** null when no check of it could be judged (all not applicable or could not be checked). */
  letter: GradeLetter | null;
  /** Earned weight ÷ judged weight × 100, one decimal; null with the letter. */
  score: number | null;
  /** Checks that counted (passed, warned or failed). */
  checksCounted: number;
  /** The title of the failed critical check that capped the letter, when one did. */
  cappedBy: string | null;
}

export interface CategoryGrade extends Grade {
  category: GradeCategory;
  title: string;
}

export interface Grades {
  /** Identifies the method (thresholds, caps, categories and weights); it changes when the method does. */
  method: string;
  overall: Grade;
  categories: CategoryGrade[];
}

/** What fixing one failing or warning check would give: the grades re-computed with that check passing. */
export interface GradeProjection {
  checkId: string;
  title: string;
  /** null for a check whose group no category grades (it still counts in the overall grade). */
  category: GradeCategory | null;
  now: { overall: Grade; category: Grade | null };
  ifFixed: { overall: Grade; category: Grade | null };
}

/** `GET /api/reports/{id}/grades`: an assessment's grades and what fixing each failing check would give. */
export interface AssessmentGrades {
  assessmentId: string;
  grades: Grades;
  /** Largest overall gain first. */
  whatIfFixed: GradeProjection[];
}
