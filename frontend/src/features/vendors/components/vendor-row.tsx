import { Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { ProgrammeTier, Vendor, VendorListItem } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { ReviewStatusBadge, TierBadge } from '@/components/compliance/programme-badges';
import { tierName } from './programme/tier-options';
import { VendorActions, VendorCompliance, VendorGrade, VendorNameLink, VendorUrl } from './vendor-parts';

export interface VendorItemProps {
  vendor: VendorListItem;
  onCrawl: (vendor: Vendor) => void;
  /** The "Last crawl" cell, when the screen shows crawl states. */
  lastCrawl?: ReactNode;
  /** The "Next run" cell, when the screen shows schedules. */
  nextRun?: ReactNode;
  /** The workspace's tiers, to name the vendor's. */
  tiers?: readonly ProgrammeTier[];
  /** Whether the vendor is chosen (to move it); no checkbox without `onSelect`. */
  selected?: boolean;
  onSelect?: (vendorId: string, selected: boolean) => void;
}

/** Vulnerable libraries of the last assessed crawl: a count in red when any, "–" before the first assessment. */
export function VulnerableLibraries({ count }: { count: number | null }) {
  if (count === null) return <Text c="dimmed">–</Text>;
  return (
    <Text fw={count ? 700 : 400} c={count ? 'red.7' : undefined} data-testid="vendor-vulnerable-libraries">
      {count}
    </Text>
  );
}

/** When the last assessment was made, as a short date ("29 Nov 2026"); "Not yet" before the first. */
export const lastAssessed = (vendor: VendorListItem) =>
  vendor.lastAssessedAt
    ? new Date(vendor.lastAssessedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })
    : 'Not yet';

/** A vendor as a table row, from the medium breakpoint up. */
export function VendorRow({ vendor, onCrawl, lastCrawl, nextRun, tiers, selected = false, onSelect }: VendorItemProps) {
  return (
    <Table.Tr data-testid="vendor-row" data-vendor-id={vendor.id} bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
      {onSelect && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${vendor.name}`}
            checked={selected}
            onChange={(event) => onSelect(vendor.id, event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td maw={220}>
        <Stack gap={0}>
          <VendorNameLink vendor={vendor} />
          <VendorUrl vendor={vendor} />
          {vendor.description && (
            <Text size="xs" c="dimmed" lineClamp={1} title={vendor.description}>
              {vendor.description}
            </Text>
          )}
          {/* Tier and review status under the name, not in columns of their own: the row still fits 1366 px. */}
          <Group gap={4} mt={4}>
            <TierBadge tier={vendor.tier} name={tierName(tiers, vendor.tier)} />
            <ReviewStatusBadge review={vendor.review} />
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td>
        <VendorGrade vendor={vendor} />
      </Table.Td>
      <Table.Td>
        <VendorCompliance vendor={vendor} />
      </Table.Td>
      <Table.Td ta="right">
        <VulnerableLibraries count={vendor.vulnerableLibraries} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={vendor.lastAssessedAt ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {lastAssessed(vendor)}
        </Text>
      </Table.Td>
      {lastCrawl !== undefined && <Table.Td>{lastCrawl}</Table.Td>}
      {nextRun !== undefined && <Table.Td>{nextRun}</Table.Td>}
      <Table.Td>
        <VendorActions vendor={vendor} onCrawl={onCrawl} compact />
      </Table.Td>
    </Table.Tr>
  );
}
