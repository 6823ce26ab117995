import { Alert, Badge, Button, Card, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileSpreadsheet, IconMessageQuestion } from '@tabler/icons-react';
import type { QuestionnaireAnswer } from '@vendorwatch/contracts';
import { useState } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { RequiresPermission } from '@/lib/workspace';
import { useExportQuestionnaire } from '../api/export-questionnaire';
import { useQuestionnaire } from '../api/get-questionnaire';
import { useReviewAnswer } from '../api/review-answer';
import { QuestionnaireScoreBadge, QuestionnaireStateBadge } from './questionnaire-badges';

/**
 * A questionnaire's answers as the analyst reviews them: each with the pre-fill the latest assessment
 * gave, a contradiction flagged with its evidence, and Accept / Follow up once the vendor submitted.
 */
export function QuestionnaireDetail({ id }: { id: string }) {
  const questionnaire = useQuestionnaire({ id });
  const exporter = useExportQuestionnaire();
  if (questionnaire.isPending) return <PageLoader />;
  if (questionnaire.isError)
    return (
      <Alert color="red" title="The questionnaire could not be loaded">
        {questionnaire.error.message}
      </Alert>
    );
  const data = questionnaire.data;
  const reviewable = data.state === 'submitted' || data.state === 'reviewed';
  const sections = [...new Set(data.answers.map((answer) => answer.section))];
  return (
    <Stack gap="lg" data-testid="questionnaire-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {data.templateName}
          </Title>
          <Text size="sm" c="dimmed">
            {data.vendorName} · {data.contactEmail} · due {new Date(data.dueAt).toLocaleDateString()}
          </Text>
          <Group gap="xs">
            <QuestionnaireStateBadge state={data.state} />
            <QuestionnaireScoreBadge score={data.score} />
            {data.contradictions > 0 && (
              <Badge color="red" variant="filled" data-testid="questionnaire-contradictions">
                {data.contradictions === 1 ? '1 contradiction' : `${data.contradictions} contradictions`}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            The score is the share of applicable yes/no questions answered yes, a contradicted yes counted as no. It is shown
            beside the vendor's grade, never mixed into it.
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={14} />}
            loading={exporter.isPending && exporter.variables?.format === 'xlsx'}
            onClick={() => exporter.mutate({ id, format: 'xlsx' })}
          >
            Excel
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={exporter.isPending && exporter.variables?.format === 'csv'}
            onClick={() => exporter.mutate({ id, format: 'csv' })}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {sections.map((section) => (
        <Stack key={section} gap="sm">
          <Text fw={600}>{section}</Text>
          {data.answers
            .filter((answer) => answer.section === section)
            .map((answer) => (
              <AnswerCard key={answer.questionId} id={id} answer={answer} reviewable={reviewable} />
            ))}
        </Stack>
      ))}
    </Stack>
  );
}

function AnswerCard({ id, answer, reviewable }: { id: string; answer: QuestionnaireAnswer; reviewable: boolean }) {
  const review = useReviewAnswer();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="questionnaire-answer"
      data-question-id={answer.questionId}
      data-contradicted={answer.contradiction ? 'true' : 'false'}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
            <b>{answer.questionId}</b> {answer.text}
          </Text>
          <Badge variant="light" color={answer.answer ? 'blue' : 'gray'} data-testid="answer-value">
            {answer.answer ?? 'Not answered'}
          </Badge>
        </Group>
        {answer.comment && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            “{answer.comment}”
          </Text>
        )}
        {answer.prefill && (
          <Text size="xs" c="dimmed">
            Pre-filled “{answer.prefill.answer}” from the latest assessment (
            {answer.prefill.evidence.map((each) => `${each.checkId}: ${each.outcome}`).join(', ')})
          </Text>
        )}
        {answer.contradiction && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={16} />}
            title="Contradicted by the latest assessment"
            data-testid="answer-contradiction"
          >
            <Text size="sm">The vendor answered yes, but the check {answer.contradiction.checkId} fails:</Text>
            <List size="sm">
              {answer.contradiction.evidence.map((line, index) => (
                <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {answer.review && (
          <Text size="xs" c={answer.review.decision === 'accept' ? 'green' : 'orange'} data-testid="answer-review">
            {answer.review.decision === 'accept' ? 'Accepted' : `Follow-up asked: ${answer.review.note ?? ''}`}
          </Text>
        )}
        {reviewable && (
          <RequiresPermission permission="questionnaires.write">
            {asking ? (
              <Stack gap={6}>
                <Textarea
                  label="Follow-up for the vendor"
                  autosize
                  minRows={2}
                  value={note}
                  onChange={(event) => setNote(event.currentTarget.value)}
                />
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setAsking(false)}>
                    Back
                  </Button>
                  <Button
                    size="xs"
                    color="orange"
                    disabled={note.trim() === ''}
                    loading={review.isPending}
                    onClick={() =>
                      review.mutate(
                        { id, questionId: answer.questionId, decision: 'follow_up', note: note.trim() },
                        { onSuccess: () => setAsking(false) },
                      )
                    }
                  >
                    Send follow-up
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group gap="xs" justify="flex-end">
                <Button
                  size="compact-xs"
                  variant="light"
                  color="green"
                  leftSection={<IconCheck size={12} />}
                  loading={review.isPending}
                  onClick={() => review.mutate({ id, questionId: answer.questionId, decision: 'accept' })}
                  data-testid="answer-accept"
                >
                  Accept
                </Button>
                <Button
                  size="compact-xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconMessageQuestion size={12} />}
                  onClick={() => setAsking(true)}
                  data-testid="answer-follow-up"
                >
                  Follow up
                </Button>
              </Group>
            )}
          </RequiresPermission>
        )}
      </Stack>
    </Card>
  );
}
