import { Alert, Anchor, Button, Card, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { MESSAGES, type ReportSummary, plural } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { crawlMethodLabel, isCrawlMethod } from '@/components/crawl/crawl-method';
import { ComplianceLabelBadge, ComplianceRate } from '@/components/compliance/compliance-badges';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { paths } from '@/config/paths';
import { useReports, type ReportListFilters } from '../api/get-reports';
import { formatDateTime } from './report-format';

interface RecentResultsProps {
  filters: ReportListFilters;
  onPageChange: (page: number) => void;
}

/** The period's assessments, newest first, a page at a time, each opening its report; cards on a phone. */
export function RecentResults({ filters, onPageChange }: RecentResultsProps) {
  const reports = useReports({ filters });
  const phone = usePhoneLayout();

  if (reports.isPending) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="reports-loading">
        {MESSAGES.reports.loading}
      </Text>
    );
  }
  if (reports.isError) {
    return (
      <Stack>
        <Alert color="red" title={MESSAGES.reports.loadFailed} data-testid="reports-error">
          {reports.error.message || MESSAGES.reports.loadFailed}
        </Alert>
        <Group>
          <Button variant="default" onClick={() => void reports.refetch()} loading={reports.isFetching}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  }
  if (reports.data.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="reports-empty">
        {MESSAGES.reports.none}
      </Text>
    );
  }
  const { items, total, limit } = reports.data;
  const pageCount = Math.ceil(total / limit);
  return (
    <Stack gap="md">
      {phone ? (
        <Stack gap="sm" aria-label="Recent results">
          {items.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </Stack>
      ) : (
        <ReportTable items={items} />
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="reports-total">
          {total} {total === 1 ? 'report' : 'reports'}
        </Text>
        {pageCount > 1 && <Pagination total={pageCount} value={filters.page} onChange={onPageChange} aria-label="Report pages" />}
      </Group>
    </Stack>
  );
}

const methodName = (method: string) => (isCrawlMethod(method) ? crawlMethodLabel(method) : method);

function ReportTable({ items }: { items: ReportSummary[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Recent results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Vendor</Table.Th>
            <Table.Th>Assessed</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th ta="right">Pages</Table.Th>
            <Table.Th ta="right">Compliance rate</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th ta="right">Failed checks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((report) => (
            <ReportRow key={report.id} report={report} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One assessment on a phone: vendor, rate and label, when and how, failed checks. */
function ReportCard({ report }: { report: ReportSummary }) {
  const urgent = report.failures.critical + report.failures.high;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="report-row">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.app.report.getHref(report.id)} size="sm" fw={500}>
          {report.vendorName ?? 'Deleted vendor'}
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <ComplianceRate rate={report.rate} size="lg" />
          <ComplianceLabelBadge rate={report.rate} label={report.label} data-testid="report-label" />
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(report.assessedAt)} · {methodName(report.method)} · {plural(report.pagesChecked, 'page')} ·{' '}
          <Text span size="xs" c={urgent > 0 ? 'red.7' : undefined} fw={urgent > 0 ? 700 : undefined}>
            {report.counts.fail} failed {report.counts.fail === 1 ? 'check' : 'checks'}
          </Text>
        </Text>
      </Stack>
    </Card>
  );
}

function ReportRow({ report }: { report: ReportSummary }) {
  const urgent = report.failures.critical + report.failures.high;
  return (
    <Table.Tr data-testid="report-row">
      <Table.Td>
        <Anchor component={Link} to={paths.app.report.getHref(report.id)} size="sm">
          {report.vendorName ?? 'Deleted vendor'}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(report.assessedAt)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{methodName(report.method)}</Text>
      </Table.Td>
      <Table.Td ta="right">{report.pagesChecked}</Table.Td>
      <Table.Td ta="right">
        <ComplianceRate rate={report.rate} size="sm" />
      </Table.Td>
      <Table.Td>
        <ComplianceLabelBadge rate={report.rate} label={report.label} data-testid="report-label" />
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" c={urgent > 0 ? 'red.7' : undefined} fw={urgent > 0 ? 700 : undefined}>
          {report.counts.fail}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
