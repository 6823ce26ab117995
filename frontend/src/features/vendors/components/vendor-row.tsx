import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { IconPlayerPlay, IconSpider } from '@tabler/icons-react';
import { isHttpUrl, type Vendor, type VendorListItem } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ComplianceLabelBadge } from '@/components/compliance/compliance-badges';
import { paths } from '@/config/paths';
import { DeleteVendorButton } from './delete-vendor-button';

interface VendorRowProps {
  vendor: VendorListItem;
  onCrawl: (vendor: Vendor) => void;
  /** The "Next run" cell, when the screen shows schedules. */
  nextRun?: ReactNode;
}

export function VendorRow({ vendor, onCrawl, nextRun }: VendorRowProps) {
  return (
    <Table.Tr data-testid="vendor-row" data-vendor-id={vendor.id}>
      <Table.Td>
        <Anchor component={Link} to={paths.app.vendor.getHref(vendor.id)} fw={500} data-testid="vendor-link">
          {vendor.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {/* Only http(s) becomes a link: a stored "javascript:" URL must never be clickable. */}
        {isHttpUrl(vendor.url) ? (
          <Anchor href={vendor.url} target="_blank" rel="noopener noreferrer" size="sm">
            {vendor.url}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {vendor.url || '—'}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {vendor.description || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {/* The latest assessment's label, opening its report; a dash before the first one. */}
        {vendor.compliance ? (
          <Anchor
            component={Link}
            to={paths.app.report.getHref(vendor.compliance.reportId)}
            aria-label={`${vendor.name} compliance report`}
          >
            <ComplianceLabelBadge
              rate={vendor.compliance.rate}
              label={vendor.compliance.label}
              style={{ cursor: 'pointer' }}
              data-testid="vendor-compliance"
            />
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed" data-testid="vendor-compliance-none">
            —
          </Text>
        )}
      </Table.Td>
      {nextRun !== undefined && <Table.Td>{nextRun}</Table.Td>}
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            onClick={() => onCrawl(vendor)}
            aria-label={`Crawl ${vendor.name}`}
          >
            Crawl
          </Button>
          <Button
            component={Link}
            to={paths.app.crawler.getHref(vendor.id)}
            size="xs"
            variant="default"
            leftSection={<IconSpider size={14} />}
            aria-label={`Open crawler for ${vendor.name}`}
          >
            Crawler
          </Button>
          <DeleteVendorButton vendor={vendor} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
