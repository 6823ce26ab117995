import { Sparkline } from '@mantine/charts';
import { Anchor, Table, Text } from '@mantine/core';
import { complianceColor, type VendorCompliance } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { ComplianceLabelBadge, ComplianceRate } from '@/components/compliance/compliance-badges';
import { paths } from '@/config/paths';
import { formatDateTime } from './report-format';

/** Each vendor's standing: its latest rate and label in the period, when, and how it moved. */
export function ComplianceTable({ vendors }: { vendors: VendorCompliance[] }) {
  if (vendors.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md" data-testid="compliance-table-empty">
        No vendor was assessed in this period.
      </Text>
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
            <Table.Tr key={vendor.vendorId} data-testid="compliance-row" data-vendor-id={vendor.vendorId}>
              <Table.Td>
                <Anchor component={Link} to={paths.app.report.getHref(vendor.latestReportId)} size="sm" fw={500}>
                  {vendor.vendorName}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">
                <ComplianceRate rate={vendor.rate} size="sm" data-testid="compliance-rate" />
              </Table.Td>
              <Table.Td>
                <ComplianceLabelBadge rate={vendor.rate} label={vendor.label} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(vendor.lastAssessedAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Sparkline
                  w={120}
                  h={32}
                  data={vendor.trend.map((point) => point.rate)}
                  color={complianceColor(vendor.rate)}
                  fillOpacity={0.25}
                  aria-label={`${vendor.vendorName}: ${vendor.trend.map((point) => `${point.rate}%`).join(', ')}`}
                  data-testid="compliance-trend"
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
