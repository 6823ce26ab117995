import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { DashboardSummary as Summary } from '@vendorwatch/contracts';
import { DASHBOARD_SUMMARY_FAILED, useDashboardSummary } from '../api/get-dashboard-summary';
import { FirstVendorPrompt } from './first-vendor-prompt';
import { RequiresPermission } from '@/lib/workspace';

const count = (value: number) => value.toLocaleString('en-US');

/** The four dashboard figures, each an "out of" where it has a total. */
const TILES: { id: string; label: string; value: (summary: Summary) => string }[] = [
  {
    id: 'vendors-crawled',
    label: 'Vendors Crawled',
    value: (s) => `${count(s.crawledVendors)} / ${count(s.totalVendors)}`,
  },
  {
    id: 'crawls-completed',
    label: 'Crawl Jobs Completed',
    value: (s) => `${count(s.completedCrawls)} / ${count(s.totalCrawls)}`,
  },
  {
    id: 'average-response-time',
    label: 'Average Response Time',
    // Null until some page was answered: a dash, not a misleading 0 ms.
    value: (s) => (s.averageResponseTime === null ? '—' : `${count(Math.round(s.averageResponseTime))} ms`),
  },
  { id: 'total-pages', label: 'Total Pages', value: (s) => count(s.totalPages) },
];

/** The figures; with no vendor yet, first the way to add one. */
export function DashboardSummary() {
  const summary = useDashboardSummary();

  if (summary.isError && !summary.data) {
    return (
      <Alert color="red" title={DASHBOARD_SUMMARY_FAILED} data-testid="dashboard-summary-error">
        {summary.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {/* Only for a role that may add one: a viewer waits for the team's vendors. */}
      {summary.data?.totalVendors === 0 && (
        <RequiresPermission permission="vendors.write">
          <FirstVendorPrompt />
        </RequiresPermission>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {TILES.map(({ id, label, value }) =>
          summary.data ? (
            <Paper
              key={id}
              withBorder
              radius="md"
              p="md"
              role="group"
              aria-labelledby={`tile-${id}-label`}
              data-testid={`tile-${id}`}
            >
              <Text id={`tile-${id}-label`} size="xs" c="dimmed" tt="uppercase" fw={700}>
                {label}
              </Text>
              <Text fz={28} fw={700} lh={1.3} data-testid={`tile-${id}-value`}>
                {value(summary.data)}
              </Text>
            </Paper>
          ) : (
            <Skeleton key={id} h={88} radius="md" aria-label={`Loading ${label}`} />
          ),
        )}
      </SimpleGrid>
    </Stack>
  );
}
