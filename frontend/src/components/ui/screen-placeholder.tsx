import { Card, Text } from '@mantine/core';

/** Stand-in body for screens whose feature is not built yet. */
export function ScreenPlaceholder({ description }: { description: string }) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="screen-placeholder">
      <Text c="dimmed">{description}</Text>
    </Card>
  );
}
