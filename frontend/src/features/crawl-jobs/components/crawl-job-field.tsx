import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A labelled figure of a crawl job (target URL, started, pages...). */
export function CrawlJobField({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ wordBreak: 'break-all' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}
