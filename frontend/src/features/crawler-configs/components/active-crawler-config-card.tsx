import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type CrawlerConfig } from '@vendorwatch/contracts';
import { crawlerConfigTypeLabel } from './crawler-config-type';

/**
 * The configuration crawls and scrapes use now, or the spec's text when there is none, with what it
 * means: on a working install without a scraping service it is the normal state, not a fault.
 */
export function ActiveCrawlerConfigCard({ config }: { config: CrawlerConfig | undefined }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="active-crawler-config">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          Active Configuration
        </Title>
        {config && (
          <Badge color="green" variant="light">
            Active
          </Badge>
        )}
      </Group>
      {config ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label="Name" value={config.name} />
          <Field label="Type" value={crawlerConfigTypeLabel(config.type)} />
          <Field label="Endpoint" value={config.apiEndpoint} />
        </SimpleGrid>
      ) : (
        <Stack gap={4}>
          <Text fw={500}>{MESSAGES.crawlerConfigs.noActiveConfiguration}</Text>
          <Text size="sm" c="dimmed" data-testid="no-active-config-explained">
            {MESSAGES.crawlerConfigs.noActiveConfigurationExplained}
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Stack>
  );
}
