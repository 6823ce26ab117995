import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { PortalQuestionnairePage } from '@vendorwatch/contracts';
import { isApiError } from '@/lib/api-error';
import { useSubmitQuestionnaire } from '../api/questionnaire';
import { PortalDocuments } from './portal-documents';
import { PortalQuestion } from './portal-question';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A questionnaire on the vendor's page: who asks and by when, every question with its saved answer,
 * pre-fills with their evidence and contradiction warnings, documents, and a submit that names gaps.
 */
export function PortalQuestionnaireView({ token, page }: { token: string; page: PortalQuestionnairePage }) {
  const submit = useSubmitQuestionnaire();
  const open = page.state === 'sent' || page.state === 'viewed' || page.state === 'in_progress';
  const questions = page.questionnaire.sections.flatMap((section) => section.questions);
  const answered = questions.filter((question) => question.answer).length;
  const contradictions = questions.filter((question) => question.contradiction).length;
  const gaps =
    submit.isError && isApiError(submit.error) && submit.error.status === 400
      ? submit.error.message
      : submit.isError
        ? submit.error.message
        : null;
  return (
    <Container size="sm" px="md" py="lg" data-testid="vendor-portal">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            A questionnaire from <b data-testid="portal-workspace">{page.workspaceName}</b> to{' '}
            <b data-testid="portal-vendor">{page.vendorName}</b>
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {page.questionnaire.name}
          </Title>
          <Group gap="xs">
            <Text size="sm">
              Due <b data-testid="portal-due">{formatDate(page.dueAt)}</b>
            </Text>
            <Badge variant="light" data-testid="portal-progress">
              {answered} of {questions.length} answered
            </Badge>
            {!open && (
              <Badge color="green" variant="light" data-testid="portal-closed">
                {page.state === 'cancelled' ? 'Cancelled' : 'Submitted: thank you'}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            Each answer is saved as soon as you give it: you can close this page and come back through the same link.
          </Text>
        </Stack>
        {page.message && (
          <Card withBorder radius="md" padding="md">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="portal-message">
              {page.message}
            </Text>
          </Card>
        )}
        {page.questionnaire.sections.map((section) => (
          <Stack key={section.title} gap="sm">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {section.title}
            </Title>
            {section.questions.map((question) => (
              <PortalQuestion key={question.id} token={token} question={question} canAnswer={open} />
            ))}
          </Stack>
        ))}
        {page.state !== 'cancelled' && <PortalDocuments token={token} documents={page.documents} />}
        {open && (
          <Stack gap="xs">
            {contradictions > 0 && (
              <Alert color="red" variant="light" data-testid="portal-contradictions-summary">
                {contradictions === 1 ? '1 answer contradicts' : `${contradictions} answers contradict`} what we observed on your
                website. You can still submit: the team sees the evidence beside your answer.
              </Alert>
            )}
            {gaps && (
              <Alert color="red" data-testid="portal-submit-error">
                {gaps}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={() => submit.mutate({ token })} loading={submit.isPending} data-testid="portal-submit">
                Submit answers
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
