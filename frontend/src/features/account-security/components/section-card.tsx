import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One section of the security page: a titled card with a line saying what it is for. */
export function SectionCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack>
        <Stack gap={4}>
          <Title order={3}>{title}</Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
