import { Alert, Badge, Card, Group, List, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PortalQuestionnaire } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useSaveAnswer } from '../api/questionnaire';

type Question = PortalQuestionnaire['sections'][number]['questions'][number];

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
  { value: 'n/a', label: 'N/A' },
];

/**
 * One question: its answer saved as soon as it is given (a choice at once, text when the field is
 * left), the pre-fill with what the assessment of the website saw, and a warning when a "yes"
 * contradicts it — before the vendor submits.
 */
export function PortalQuestion({ token, question, canAnswer }: { token: string; question: Question; canAnswer: boolean }) {
  const save = useSaveAnswer();
  const [text, setText] = useState(question.answer ?? '');
  const [comment, setComment] = useState(question.comment ?? '');
  const saveAnswer = (answer: string, nextComment = comment) =>
    answer.trim() !== '' && save.mutate({ token, questionId: question.id, answer, comment: nextComment.trim() || undefined });
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="portal-question"
      data-question-id={question.id}
      data-answer={question.answer ?? ''}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', flex: '1 1 220px' }}>
            <b>{question.id}</b> {question.text}
          </Text>
          {question.answer ? (
            <Badge color="green" variant="light" size="sm" data-testid="portal-question-saved">
              Saved
            </Badge>
          ) : (
            <Badge color="gray" variant="light" size="sm">
              Not answered
            </Badge>
          )}
        </Group>
        {question.guidance && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {question.guidance}
          </Text>
        )}
        {question.followUp && (
          <Alert color="orange" variant="light" title="The team asks" data-testid="portal-follow-up">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {question.followUp}
            </Text>
          </Alert>
        )}
        {question.prefill && (
          <Stack gap={2} data-testid="portal-prefill">
            <Text size="xs" c="dimmed">
              Pre-filled “{question.prefill.answer}” from what we observed on your website:
            </Text>
            <List size="xs" c="dimmed">
              {question.prefill.evidence.flatMap((each) =>
                each.evidence.map((line, index) => (
                  <List.Item key={`${each.checkId}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                    {line}
                  </List.Item>
                )),
              )}
            </List>
          </Stack>
        )}
        {question.type === 'yes_no' && (
          <SegmentedControl
            data={YES_NO}
            value={question.answer ?? ''}
            disabled={!canAnswer || save.isPending}
            onChange={(value) => saveAnswer(value)}
            aria-label={`Answer to ${question.id}`}
            data-testid="portal-yes-no"
            fullWidth
          />
        )}
        {question.type === 'choice' && (
          <Select
            data={question.choices ?? []}
            value={question.answer}
            disabled={!canAnswer}
            placeholder="Choose one"
            onChange={(value) => value && saveAnswer(value)}
            aria-label={`Answer to ${question.id}`}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        {question.type === 'text' && (
          <Textarea
            autosize
            minRows={2}
            value={text}
            disabled={!canAnswer}
            onChange={(event) => setText(event.currentTarget.value)}
            onBlur={() => text !== (question.answer ?? '') && saveAnswer(text)}
            aria-label={`Answer to ${question.id}`}
            data-testid="portal-text-answer"
          />
        )}
        {question.type !== 'text' && canAnswer && question.answer && (
          <Textarea
            placeholder="A comment (optional)"
            autosize
            minRows={1}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            onBlur={() => comment !== (question.comment ?? '') && question.answer && saveAnswer(question.answer, comment)}
            aria-label={`Comment on ${question.id}`}
          />
        )}
        {question.contradiction && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={16} />}
            title="This answer contradicts what we observed"
            data-testid="portal-contradiction"
          >
            <Text size="sm">Our latest assessment of your website found ({question.contradiction.checkId}):</Text>
            <List size="sm">
              {question.contradiction.evidence.map((line, index) => (
                <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {save.isError && (
          <Alert color="red" data-testid="portal-save-error">
            {save.error.message}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
