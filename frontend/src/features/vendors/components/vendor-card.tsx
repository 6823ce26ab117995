import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ReviewStatusBadge, TierBadge } from '@/components/compliance/programme-badges';
import { tierName } from './programme/tier-options';
import { lastAssessed, VulnerableLibraries, type VendorItemProps } from './vendor-row';
import { VendorActions, VendorCompliance, VendorGrade, VendorNameLink, VendorUrl } from './vendor-parts';

/** A vendor as a card, below the medium breakpoint: every field and action inside the screen's width. */
export function VendorCard({ vendor, onCrawl, lastCrawl, nextRun, tiers, selected = false, onSelect }: VendorItemProps) {
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
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {onSelect && (
              <Checkbox
                aria-label={`Select ${vendor.name}`}
                checked={selected}
                onChange={(event) => onSelect(vendor.id, event.currentTarget.checked)}
              />
            )}
            <Stack gap={0} style={{ minWidth: 0 }}>
              <VendorNameLink vendor={vendor} />
              <VendorUrl vendor={vendor} />
            </Stack>
          </Group>
          <VendorGrade vendor={vendor} />
        </Group>
        {vendor.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {vendor.description}
          </Text>
        )}
        <Field label="Programme">
          <Group gap={6} wrap="wrap">
            <TierBadge tier={vendor.tier} name={tierName(tiers, vendor.tier)} />
            <ReviewStatusBadge review={vendor.review} />
          </Group>
        </Field>
        <Field label="Compliance">
          <VendorCompliance vendor={vendor} />
        </Field>
        <Field label="Vulnerable libraries">
          <VulnerableLibraries count={vendor.vulnerableLibraries} />
        </Field>
        <Field label="Assessed">
          <Text size="sm">{lastAssessed(vendor)}</Text>
        </Field>
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
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} w={96} style={{ flexShrink: 0 }} pt={2}>
        {label}
      </Text>
      <div style={{ minWidth: 0, flex: 1 }}>{children}</div>
    </Group>
  );
}
