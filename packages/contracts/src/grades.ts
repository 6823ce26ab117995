/**
 * Letter grades beside the compliance rate: per category and overall, a published function of the check
 * outcomes (packages/compliance/src/grades, documented in docs/methodology.md). The rate's label rule
 * (Compliant ≥ 90, Partially Compliant ≥ 70) is unchanged; the overall grade reads the same figure.
 */
import { z } from 'zod';

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
export const gradeSchema = z.object({
  /** null when no check of it could be judged (all not applicable or could not be checked). */
  letter: z.enum(GRADE_LETTERS).nullable().meta({ description: 'null when no check of it could be judged' }),
  /** Earned weight ÷ judged weight × 100, one decimal; null with the letter. */
  score: z.number().nullable(),
  /** Checks that counted (passed, warned or failed). */
  checksCounted: z.number().int(),
  /** The title of the failed critical check that capped the letter, when one did. */
  cappedBy: z.string().nullable().meta({ description: 'The failed critical check that capped the letter' }),
});
export type Grade = z.output<typeof gradeSchema>;

export const categoryGradeSchema = gradeSchema.extend({ category: z.enum(GRADE_CATEGORIES), title: z.string() });
export type CategoryGrade = z.output<typeof categoryGradeSchema>;

export const gradesSchema = z
  .object({
    /** Identifies the method (thresholds, caps, categories and weights); it changes when the method does. */
    method: z.string().meta({ description: 'Identifies the published method (docs/methodology.md)' }),
    overall: gradeSchema,
    categories: z.array(categoryGradeSchema),
  })
  .meta({ id: 'Grades' });
export type Grades = z.output<typeof gradesSchema>;

/** What fixing one failing or warning check would give: the grades re-computed with that check passing. */
export const gradeProjectionSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  /** null for a check whose group no category grades (it still counts in the overall grade). */
  category: z.enum(GRADE_CATEGORIES).nullable(),
  now: z.object({ overall: gradeSchema, category: gradeSchema.nullable() }),
  ifFixed: z.object({ overall: gradeSchema, category: gradeSchema.nullable() }),
});
export type GradeProjection = z.output<typeof gradeProjectionSchema>;

/** `GET /api/reports/{id}/grades`: an assessment's grades and what fixing each failing check would give. */
export const assessmentGradesSchema = z
  .object({
    assessmentId: z.uuid(),
    grades: gradesSchema,
    /** Largest overall gain first. */
    whatIfFixed: z
      .array(gradeProjectionSchema)
      .meta({ description: 'Each failing or warning check, the grades with it passing; largest overall gain first' }),
  })
  .meta({ id: 'AssessmentGrades' });
export type AssessmentGrades = z.output<typeof assessmentGradesSchema>;
