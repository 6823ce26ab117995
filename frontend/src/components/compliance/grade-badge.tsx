import { plural } from '@vendorwatch/contracts';
import { Anchor, Badge, Card, Group, Tooltip } from '@mantine/core';
import type { Grade, Grades } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

const COLOURS = { A: 'green', B: 'teal', C: 'yellow', D: 'orange', F: 'red' } as const;

/** A letter grade, with its score and (when one did) the failed critical check that capped it. */
export function GradeBadge({ grade, label }: { grade: Grade; label?: string }) {
  const text = grade.letter ?? '–';
  const why =
    grade.letter === null
      ? 'No check of it could be judged'
      : `Score ${grade.score} from ${plural(grade.checksCounted, 'check')}${grade.cappedBy ? `; capped by: ${grade.cappedBy}` : ''}`;
  return (
    <Tooltip label={why}>
      <Badge
        color={grade.letter ? COLOURS[grade.letter] : 'gray'}
        variant="filled"
        size="lg"
        aria-label={`${label ?? 'Grade'} ${grade.letter ?? 'not graded'}`}
        data-testid="grade-badge"
      >
        {label ? `${label} ${text}` : text}
      </Badge>
    </Tooltip>
  );
}

/** The report's grades: overall and per category. */
export function ReportGrades({ grades }: { grades: Grades }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="report-grades">
      <Group gap="xs" wrap="wrap">
        <GradeBadge grade={grades.overall} label="Overall" />
        {grades.categories.map((category) => (
          <GradeBadge key={category.category} grade={category} label={category.title} />
        ))}
        <Anchor component={Link} to={paths.app.methodology.getHref()} size="sm">
          How grades are computed
        </Anchor>
      </Group>
    </Card>
  );
}
