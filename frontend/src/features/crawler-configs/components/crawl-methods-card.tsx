import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CRAWL_METHOD_LABELS, CRAWL_METHOD_PLAIN_NAMES, CRAWL_METHOD_PURPOSES, CRAWL_METHODS } from '@vendorwatch/contracts';

/** The ways a vendor's site can be crawled, each in plain words beside the name the product uses. */
export function CrawlMethodsCard() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="crawl-methods">
      <Title order={3} size="h4" mb="xs">
        Crawl methods
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Each crawl uses one of these. Only the scraping service needs a configuration on this page.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {CRAWL_METHODS.map((method) => (
          <Stack key={method} gap={4} data-testid={`crawl-method-${method}`}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{CRAWL_METHOD_PLAIN_NAMES[method]}</Text>
              <Badge variant="light" color="gray" size="sm">
                {CRAWL_METHOD_LABELS[method]}
              </Badge>
            </Group>
            <Text size="sm">{CRAWL_METHOD_PURPOSES[method]}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
