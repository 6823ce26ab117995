import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTestScrapingBee } from '../api/test-scrapingbee';

const CHIP = {
  untested: { label: 'Not tested', color: 'gray' },
  connected: { label: 'Connected', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
} as const;

export function ConnectionTestPanel() {
  const test = useTestScrapingBee();
  const state = test.isError || test.data?.success === false ? 'failed' : test.data ? 'connected' : 'untested';
  const { label, color } = CHIP[state];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3} size="h4">
            API Connection
          </Title>
          <Badge color={color} variant="light" data-testid="proxy-status">
            {label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Checks that the scraping API answers with the key of your active crawler configuration. It costs no credits.
        </Text>
        {test.data && (
          <Alert color={test.data.success ? 'green' : 'red'} data-testid="proxy-test-result">
            <Text size="sm">{test.data.message}</Text>
            {test.data.credits !== null && (
              <Text size="sm" data-testid="proxy-test-credits">
                Credits remaining: {test.data.credits}
              </Text>
            )}
          </Alert>
        )}
        {test.error && (
          <Alert color="red" data-testid="proxy-test-error">
            {test.error.message}
          </Alert>
        )}
        <Group>
          <Button leftSection={<IconPlugConnected size={16} />} onClick={() => test.mutate()} loading={test.isPending}>
            Test Connection
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
