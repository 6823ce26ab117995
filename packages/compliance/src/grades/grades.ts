import {
  type CategoryGrade,
  type CheckSeverity,
  type Grade,
  GRADE_CATEGORIES,
  GRADE_CATEGORY_TITLES,
  type GradeCategory,
  type GradeLetter,
  type GradeProjection,
  type Grades,
} from '@vendorwatch/contracts';
import { score } from '../scoring';
import {
  CAPPING_SEVERITY,
  CATEGORY_CAP,
  categoryOfGroup,
  GRADE_METHOD,
  JUDGED_OUTCOMES,
  letterFor,
  OVERALL_CAP,
  worseOf,
} from './method';

/**
 * What grading reads of a check result. Group and outcome are plain strings so that groups and outcomes
 * added later (the domain checks' groups, "could not be checked") are graded by the same rules: a group no
 * category lists counts only overall, an outcome that is not pass, warn or fail counts nowhere.
 */
export interface GradedCheck {
  checkId: string;
  title: string;
  group: string;
  severity: CheckSeverity;
  outcome: string;
}

type Judged = GradedCheck & { outcome: (typeof JUDGED_OUTCOMES)[number] };
const isJudged = (check: GradedCheck): check is Judged => (JUDGED_OUTCOMES as readonly string[]).includes(check.outcome);

/**
 * The grade of a set of checks: the weighted score of those judged (the compliance rate's weights and
 * credits), its letter, and the cap a failed critical check puts on it.
 */
function gradeOf(checks: readonly GradedCheck[], cap: GradeLetter): Grade {
  const judged = checks.filter(isJudged);
  const { rate } = score(judged);
  if (rate === null) return { letter: null, score: null, checksCounted: 0, cappedBy: null };
  const capping = judged.find((check) => check.outcome === 'fail' && check.severity === CAPPING_SEVERITY);
  const scored = letterFor(rate);
  const letter = capping ? worseOf(scored, cap) : scored;
  return { letter, score: rate, checksCounted: judged.length, cappedBy: capping && letter !== scored ? capping.title : null };
}

/**
 * Grades of one assessment: every category, and overall. The overall score is the compliance rate itself
 * (every judged check, whatever its group), so the overall letter reads the same figure as the label.
 */
export function gradesOf(checks: readonly GradedCheck[]): Grades {
  const byCategory = new Map<GradeCategory, GradedCheck[]>(GRADE_CATEGORIES.map((category) => [category, []]));
  for (const check of checks) {
    const category = categoryOfGroup(check.group);
    if (category) byCategory.get(category)!.push(check);
  }
  return {
    method: GRADE_METHOD,
    overall: gradeOf(checks, OVERALL_CAP),
    categories: GRADE_CATEGORIES.map((category): CategoryGrade => ({
      category,
      title: GRADE_CATEGORY_TITLES[category],
      ...gradeOf(byCategory.get(category)!, CATEGORY_CAP),
    })),
  };
}

const categoryGrade = (grades: Grades, category: GradeCategory | null): Grade | null => {
  if (!category) return null;
  const { letter, score: value, checksCounted, cappedBy } = grades.categories.find((entry) => entry.category === category)!;
  return { letter, score: value, checksCounted, cappedBy };
};

/**
 * "What if fixed": for each failed or warning check, the grades re-computed with that check passing —
 * exactly what re-assessing the crawl would give once the fix makes that check pass and nothing else
 * changes. Largest overall gain first.
 */
export function whatIfFixed(checks: readonly GradedCheck[]): GradeProjection[] {
  const now = gradesOf(checks);
  const projections = checks
    .filter((check) => check.outcome === 'fail' || check.outcome === 'warn')
    .map((check): GradeProjection => {
      const fixed = gradesOf(checks.map((other) => (other === check ? { ...other, outcome: 'pass' } : other)));
      const category = categoryOfGroup(check.group);
      return {
        checkId: check.checkId,
        title: check.title,
        category,
        now: { overall: now.overall, category: categoryGrade(now, category) },
        ifFixed: { overall: fixed.overall, category: categoryGrade(fixed, category) },
      };
    });
  const gain = (projection: GradeProjection) => (projection.ifFixed.overall.score ?? 0) - (projection.now.overall.score ?? 0);
  return projections.sort((a, b) => gain(b) - gain(a) || a.checkId.localeCompare(b.checkId));
}
