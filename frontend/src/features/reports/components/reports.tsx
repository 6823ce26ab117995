import { Alert, Button, Card, Group, Stack, Title } from '@mantine/core';
import { MESSAGES, type ReportExportFormat, type ReportFilters } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useExportReport } from '../api/export-report';
import { useReportsSummary } from '../api/get-reports-summary';
import { ComplianceTable } from './compliance-table';
import { RecentResults } from './recent-results';
import { ReportExportControls } from './report-export-controls';
import { readReportSearch, withFilters, withParam } from './report-search';
import { ReportsFilterForm } from './reports-filter-form';
import { ReportsSummaryTiles } from './reports-summary-tiles';

interface ReportsProps {
  /** The vendor filter's choices; supplied by the screen, which reads them from the vendors feature. */
  vendors: { id: string; name: string }[];
}

/**
 * The Reports screen: filters and export, the summary tiles, the compliance table and the recent
 * results. Filters, page and export format live in the address, so a report view can be shared.
 */
export function Reports({ vendors }: ReportsProps) {
  const [params, setParams] = useSearchParams();
  const { filters, page, format } = readReportSearch(params);
  const [filtersValid, setFiltersValid] = useState(true);
  const summary = useReportsSummary({ filters });
  const exportReport = useExportReport();

  const applyFilters = (next: ReportFilters) => setParams((current) => withFilters(current, next));
  const setFormat = (next: ReportExportFormat) => setParams((current) => withParam(current, 'format', next), { replace: true });
  const setPage = (next: number) => setParams((current) => withParam(current, 'page', String(next)));

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <ReportsFilterForm filters={filters} vendors={vendors} onApply={applyFilters} onValidityChange={setFiltersValid} />
          <ReportExportControls
            format={format}
            onFormatChange={setFormat}
            onExport={() => exportReport.mutate({ format, filters })}
            pending={exportReport.isPending}
            disabled={!filtersValid}
          />
        </Group>
      </Card>

      {summary.isError && !summary.data ? (
        <Stack>
          <Alert color="red" title={MESSAGES.reports.summaryFailed} data-testid="reports-summary-error">
            {summary.error.message}
          </Alert>
          <Group>
            <Button variant="default" onClick={() => void summary.refetch()} loading={summary.isFetching}>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <ReportsSummaryTiles overview={summary.data} />
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="compliance-table-title">
            <Title order={3} size="h4" mb="md" id="compliance-table-title">
              Compliance by vendor
            </Title>
            {summary.data && <ComplianceTable vendors={summary.data.vendors} />}
          </Card>
        </>
      )}

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-results-title">
        <Title order={3} size="h4" mb="md" id="recent-results-title">
          Recent results
        </Title>
        <RecentResults filters={{ ...filters, page }} onPageChange={setPage} />
      </Card>
    </Stack>
  );
}
