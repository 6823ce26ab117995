import { Sparkline } from '@mantine/charts';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { complianceColor, type VendorCompliance } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { ComplianceLabelBadge, ComplianceRate, VendorStateBadge } from '@/components/compliance/compliance-badges';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { paths } from '@/config/paths';
import { formatDateTime } from './report-format';

interface ComplianceTableProps {
  vendors: VendorCompliance[];
  /** Said when the scope has no vendor at all. */
  emptyText?: string;
}

/**
 * Every vendor in the scope and where it stands: its latest rate and label in the period, when, and
 * how it moved — or, when it has none, that it is not assessed yet or that its last crawl failed, with
 * the reason and the crawl. A table on wide screens, a card per vendor on a phone.
 */
export function ComplianceTable({ vendors, emptyText = 'No vendor is in this report’s scope.' }: ComplianceTableProps) {
  const phone = usePhoneLayout();
  if (vendors.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" data-testid="compliance-table-empty">
        {emptyText}
      </Text>
    );
  }
  if (phone) {
    return (
      <Stack gap="sm" aria-label="Compliance by vendor">
        {vendors.map((vendor) => (
          <Card key={vendor.vendorId} withBorder radius="md" padding="sm" data-testid="compliance-row" data-state={vendor.state}>
            <Stack gap={6}>
              <VendorName vendor={vendor} />
              <Group gap="sm" wrap="wrap">
                <Standing vendor={vendor} />
              </Group>
              {vendor.lastAssessedAt && (
                <Text size="xs" c="dimmed">
                  Assessed {formatDateTime(vendor.lastAssessedAt)}
                </Text>
              )}
              <LastCrawlNote vendor={vendor} />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Compliance by vendor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vendor</Table.Th>
            <Table.Th ta="right">Compliance rate</Table.Th>
            <Table.Th>Label</Table.Th>
            <Table.Th>Last assessed</Table.Th>
            <Table.Th>Trend</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vendors.map((vendor) => (
            <Table.Tr
              key={vendor.vendorId}
              data-testid="compliance-row"
              data-vendor-id={vendor.vendorId}
              data-state={vendor.state}
            >
              <Table.Td>
                <Stack gap={2}>
                  <VendorName vendor={vendor} />
                  <LastCrawlNote vendor={vendor} />
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <ComplianceRate rate={vendor.rate} size="sm" data-testid="compliance-rate" />
              </Table.Td>
              <Table.Td>
                <StateOrLabel vendor={vendor} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(vendor.lastAssessedAt)}</Text>
              </Table.Td>
              <Table.Td>{vendor.trend.length > 0 && <Trend vendor={vendor} />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The vendor's name, opening its latest report when it has one, else the vendor's page. */
function VendorName({ vendor }: { vendor: VendorCompliance }) {
  const to = vendor.latestReportId ? paths.app.report.getHref(vendor.latestReportId) : paths.app.vendor.getHref(vendor.vendorId);
  return (
    <Anchor component={Link} to={to} size="sm" fw={500}>
      {vendor.vendorName}
    </Anchor>
  );
}

function StateOrLabel({ vendor }: { vendor: VendorCompliance }) {
  if (vendor.state === 'assessed' && vendor.rate !== null)
    return <ComplianceLabelBadge rate={vendor.rate} label={vendor.label ?? undefined} />;
  return <VendorStateBadge state={vendor.state === 'crawl_failed' ? 'crawl_failed' : 'not_assessed'} />;
}

/** On a card: the rate and the label, or the state that stands in for them. */
function Standing({ vendor }: { vendor: VendorCompliance }) {
  return (
    <>
      {vendor.rate !== null && <ComplianceRate rate={vendor.rate} size="lg" data-testid="compliance-rate" />}
      <StateOrLabel vendor={vendor} />
      {vendor.trend.length > 1 && <Trend vendor={vendor} />}
    </>
  );
}

function Trend({ vendor }: { vendor: VendorCompliance }) {
  return (
    <Sparkline
      w={120}
      h={32}
      data={vendor.trend.map((point) => point.rate)}
      color={vendor.rate === null ? 'gray' : complianceColor(vendor.rate)}
      fillOpacity={0.25}
      aria-label={`${vendor.vendorName}: ${vendor.trend.map((point) => `${point.rate}%`).join(', ')}`}
      data-testid="compliance-trend"
    />
  );
}

/**
 * A crawl after the latest assessment (or instead of one): why it failed in plain words, with the
 * technical message on hover and a link to the crawl; a running one says so.
 */
function LastCrawlNote({ vendor }: { vendor: VendorCompliance }) {
  const crawl = vendor.lastCrawl;
  if (!crawl || crawl.status === 'completed' || crawl.status === 'cancelled') return null;
  const failed = crawl.status === 'failed';
  return (
    <Text
      size="xs"
      c={failed ? 'red.7' : 'dimmed'}
      data-testid="compliance-last-crawl"
      title={crawl.failure?.detail ?? undefined}
    >
      {failed
        ? `Last crawl failed ${formatDateTime(crawl.at)}: ${crawl.failure?.summary ?? 'The crawl failed'}. `
        : `A crawl is ${crawl.status === 'running' ? 'running' : 'waiting to start'}. `}
      <Anchor component={Link} to={paths.app.crawlJob.getHref(crawl.jobId)} size="xs" data-testid="compliance-crawl-link">
        Open crawl
      </Anchor>
    </Text>
  );
}
