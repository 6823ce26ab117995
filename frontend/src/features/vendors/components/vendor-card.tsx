import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { VendorItemProps } from './vendor-row';
import { VendorActions, VendorCompliance, VendorNameLink, VendorUrl } from './vendor-parts';

/** A vendor as a card, below the medium breakpoint: every field and action inside the screen's width. */
export function VendorCard({ vendor, onCrawl, lastCrawl, nextRun }: VendorItemProps) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={vendor.name}
      data-testid="vendor-card"
      data-vendor-id={vendor.id}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <VendorNameLink vendor={vendor} />
          <VendorCompliance vendor={vendor} />
        </Group>
        <VendorUrl vendor={vendor} />
        {vendor.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {vendor.description}
          </Text>
        )}
        {lastCrawl !== undefined && <Field label="Last crawl">{lastCrawl}</Field>}
        {nextRun !== undefined && <Field label="Next run">{nextRun}</Field>}
        <VendorActions vendor={vendor} onCrawl={onCrawl} wrap />
      </Stack>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} w={80} style={{ flexShrink: 0 }} pt={2}>
        {label}
      </Text>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Group>
  );
}
