import { Table, Text } from '@mantine/core';
import type { Vendor, VendorListItem } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { VendorActions, VendorCompliance, VendorNameLink, VendorUrl } from './vendor-parts';

export interface VendorItemProps {
  vendor: VendorListItem;
  onCrawl: (vendor: Vendor) => void;
  /** The "Last crawl" cell, when the screen shows crawl states. */
  lastCrawl?: ReactNode;
  /** The "Next run" cell, when the screen shows schedules. */
  nextRun?: ReactNode;
}

/** A vendor as a table row, from the medium breakpoint up. */
export function VendorRow({ vendor, onCrawl, lastCrawl, nextRun }: VendorItemProps) {
  return (
    <Table.Tr data-testid="vendor-row" data-vendor-id={vendor.id}>
      <Table.Td>
        <VendorNameLink vendor={vendor} />
      </Table.Td>
      <Table.Td>
        <VendorUrl vendor={vendor} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {vendor.description || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <VendorCompliance vendor={vendor} />
      </Table.Td>
      {lastCrawl !== undefined && <Table.Td>{lastCrawl}</Table.Td>}
      {nextRun !== undefined && <Table.Td>{nextRun}</Table.Td>}
      <Table.Td>
        <VendorActions vendor={vendor} onCrawl={onCrawl} />
      </Table.Td>
    </Table.Tr>
  );
}
