import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useQuestionnaires } from '../api/get-questionnaires';
import { QuestionnaireScoreBadge, QuestionnaireStateBadge } from './questionnaire-badges';

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** A vendor's questionnaires: state, due date, score and contradictions, each a link to its answers. */
export function VendorQuestionnaires({ vendorId }: { vendorId: string }) {
  const questionnaires = useQuestionnaires({ vendorId });
  const items = questionnaires.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="md" data-testid="vendor-questionnaires">
      <Stack gap="sm">
        <Text fw={600}>Questionnaires</Text>
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            No questionnaire sent yet.
          </Text>
        )}
        {items.map((item) => (
          <Group key={item.id} justify="space-between" gap="xs" data-testid="vendor-questionnaire">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Anchor
                component={Link}
                to={paths.app.questionnaire.getHref(item.id)}
                size="sm"
                style={{ overflowWrap: 'anywhere' }}
              >
                {item.templateName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.contactEmail} · due {formatDay(item.dueAt)}
                {item.overdue ? ' · overdue' : ''}
                {item.contradictions > 0 ? ` · ${item.contradictions} contradicted` : ''}
              </Text>
            </Stack>
            <Group gap={6}>
              <QuestionnaireStateBadge state={item.state} />
              <QuestionnaireScoreBadge score={item.score} />
            </Group>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
