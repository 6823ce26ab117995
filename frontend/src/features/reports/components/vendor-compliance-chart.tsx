import { LineChart } from '@mantine/charts';
import { Alert, Card, Skeleton, Text, Title } from '@mantine/core';
import { COMPLIANCE_THRESHOLDS } from '@vendorwatch/contracts';
import { useReportsSummary } from '../api/get-reports-summary';

const CHART_HEIGHT = 240;

/** One vendor's compliance rate over its assessments (the reports summary's trend for that vendor). */
export function VendorComplianceChart({ vendorId }: { vendorId: string }) {
  const summary = useReportsSummary({ filters: { vendorId } });
  const trend = summary.data?.vendors.find((vendor) => vendor.vendorId === vendorId)?.trend ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Compliance rate over time
      </Title>
      {summary.isError && !summary.data ? (
        <Alert color="red">{summary.error.message}</Alert>
      ) : !summary.data ? (
        <Skeleton h={CHART_HEIGHT} aria-label="Loading the compliance chart" />
      ) : trend.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="vendor-compliance-chart-empty">
          No assessment yet: the first completed crawl is assessed.
        </Text>
      ) : (
        <LineChart
          h={CHART_HEIGHT}
          // Each assessment at the time its crawl completed: two crawls of one day are two points, each with its time.
          data={trend.map((point) => ({
            ...point,
            when: new Date(point.crawledAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
          }))}
          dataKey="when"
          series={[{ name: 'rate', label: 'Compliance rate', color: 'teal.6' }]}
          curveType="linear"
          valueFormatter={(value) => `${value.toFixed(1)}%`}
          yAxisProps={{ domain: [0, 100] }}
          referenceLines={[
            { y: COMPLIANCE_THRESHOLDS.compliant, label: 'Compliant', color: 'green.6' },
            { y: COMPLIANCE_THRESHOLDS.partial, label: 'Partially Compliant', color: 'yellow.7' },
          ]}
          data-testid="vendor-compliance-chart"
        />
      )}
    </Card>
  );
}
