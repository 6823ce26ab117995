import { Badge } from '@mantine/core';
import type { QuestionnaireState } from '@vendorwatch/contracts';

const LABELS: Record<QuestionnaireState, string> = {
  sent: 'Sent',
  viewed: 'Viewed',
  in_progress: 'In progress',
  submitted: 'Submitted',
  reviewed: 'Reviewed',
  cancelled: 'Cancelled',
};
const COLORS: Record<QuestionnaireState, string> = {
  sent: 'gray',
  viewed: 'blue',
  in_progress: 'blue',
  submitted: 'violet',
  reviewed: 'green',
  cancelled: 'gray',
};

export function QuestionnaireStateBadge({ state }: { state: QuestionnaireState }) {
  return (
    <Badge color={COLORS[state]} variant="light" data-testid="questionnaire-state">
      {LABELS[state]}
    </Badge>
  );
}

/** The questionnaire's score: what the vendor says, beside (never inside) the grade of what was observed. */
export function QuestionnaireScoreBadge({ score }: { score: number | null }) {
  return (
    <Badge
      color={score === null ? 'gray' : score >= 80 ? 'green' : score >= 50 ? 'yellow' : 'red'}
      variant="outline"
      data-testid="questionnaire-score"
    >
      {score === null ? 'No score yet' : `Questionnaire ${score} %`}
    </Badge>
  );
}
