import { Alert, Card, Skeleton, Title } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { useReportsSummary } from '../api/get-reports-summary';
import { ComplianceTable } from './compliance-table';

/**
 * Every vendor of the user with where it stands now — assessed, not assessed yet, or last crawl
 * failed — for screens other than Reports (the dashboard), which show all time and every vendor.
 */
export function VendorStandingsCard() {
  const summary = useReportsSummary({ filters: {}, queryConfig: { refetchInterval: 5000 } });
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="vendor-standings-title"
      data-testid="vendor-standings"
    >
      <Title order={3} size="h4" mb="md" id="vendor-standings-title">
        Vendors
      </Title>
      {summary.isError && !summary.data ? (
        <Alert color="red" title={MESSAGES.reports.summaryFailed}>
          {summary.error.message}
        </Alert>
      ) : summary.data ? (
        <ComplianceTable vendors={summary.data.vendors} emptyText="No vendors yet." />
      ) : (
        <Skeleton h={120} radius="md" aria-label="Loading the vendors" />
      )}
    </Card>
  );
}
