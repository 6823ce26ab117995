import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Alert, Card, Center, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { COMPLIANCE_THRESHOLDS, type DashboardCharts as Charts } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { DASHBOARD_CHARTS_FAILED, useDashboardCharts } from '../api/get-dashboard-charts';

export const CHART_EMPTY = {
  crawlsByDay: 'No crawls in the last 30 days',
  pagesByDay: 'No pages crawled in the last 30 days',
  responseTimeByVendor: 'No pages crawled yet',
  complianceByDay: 'No compliance assessments in the last 30 days',
} as const;

const CHART_HEIGHT = 260;
// Below the chart, in the series' own order (stacking order) rather than alphabetical.
const LEGEND = { verticalAlign: 'bottom', itemSorter: null } as const;

/** 'YYYY-MM-DD' (a UTC day) as 'Mar 4'. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const percent = (value: number) => `${value.toFixed(1)}%`;

/** The last 30 days of crawls and pages, and how fast each vendor's site answers. */
export function DashboardCharts() {
  const charts = useDashboardCharts();
  if (charts.isError && !charts.data) {
    return (
      <Alert color="red" title={DASHBOARD_CHARTS_FAILED} data-testid="dashboard-charts-error">
        {charts.error.message}
      </Alert>
    );
  }
  if (!charts.data) return <Skeleton h={CHART_HEIGHT + 80} radius="md" aria-label="Loading charts" />;
  return <ChartsGrid charts={charts.data} />;
}

function ChartsGrid({ charts }: { charts: Charts }) {
  const days = charts.days.map((day) => ({ ...day, day: dayLabel(day.date) }));
  const anyCrawls = days.some(({ completed, failed, cancelled }) => completed + failed + cancelled > 0);
  const anyPages = days.some(({ pages }) => pages > 0);
  const anyCompliance = days.some(({ complianceRate }) => complianceRate !== null);
  const vendors = charts.responseTimeByVendor;

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <ChartCard title="Crawls per day" testId="chart-crawls-by-day" empty={anyCrawls ? null : CHART_EMPTY.crawlsByDay}>
        <BarChart
          h={CHART_HEIGHT}
          data={days}
          dataKey="day"
          type="stacked"
          withLegend
          legendProps={LEGEND}
          series={[
            { name: 'completed', label: 'Completed', color: 'green.6' },
            { name: 'failed', label: 'Failed', color: 'red.6' },
            { name: 'cancelled', label: 'Cancelled', color: 'gray.5' },
          ]}
          yAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
      <ChartCard title="Pages crawled per day" testId="chart-pages-by-day" empty={anyPages ? null : CHART_EMPTY.pagesByDay}>
        <AreaChart
          h={CHART_HEIGHT}
          data={days}
          dataKey="day"
          withLegend
          legendProps={LEGEND}
          series={[{ name: 'pages', label: 'Pages', color: 'blue.6' }]}
          curveType="linear"
          withDots={false}
          yAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
      <ChartCard
        title="Average compliance rate per day"
        testId="chart-compliance-by-day"
        empty={anyCompliance ? null : CHART_EMPTY.complianceByDay}
      >
        <LineChart
          h={CHART_HEIGHT}
          data={days}
          dataKey="day"
          withLegend
          legendProps={LEGEND}
          series={[{ name: 'complianceRate', label: 'Average compliance rate', color: 'teal.6' }]}
          curveType="linear"
          // Days without an assessment leave a gap in the data, not a drop to zero.
          connectNulls
          valueFormatter={percent}
          yAxisProps={{ domain: [0, 100] }}
          referenceLines={[
            { y: COMPLIANCE_THRESHOLDS.compliant, label: 'Compliant', color: 'green.6' },
            { y: COMPLIANCE_THRESHOLDS.partial, label: 'Partially Compliant', color: 'yellow.7' },
          ]}
        />
      </ChartCard>
      <ChartCard
        title="Mean response time per vendor"
        testId="chart-response-time-by-vendor"
        empty={vendors.length > 0 ? null : CHART_EMPTY.responseTimeByVendor}
      >
        <BarChart
          // One bar per vendor: the chart grows with the list instead of squeezing the bars.
          h={Math.max(CHART_HEIGHT, vendors.length * 36 + 60)}
          data={vendors}
          dataKey="vendorName"
          orientation="vertical"
          withLegend
          legendProps={LEGEND}
          series={[{ name: 'averageMs', label: 'Mean response time', color: 'indigo.6' }]}
          valueFormatter={ms}
          yAxisProps={{ width: 120 }}
        />
      </ChartCard>
    </SimpleGrid>
  );
}

interface ChartCardProps {
  title: string;
  testId: string;
  /** The text shown instead of the chart when there is nothing to draw. */
  empty: string | null;
  children: ReactNode;
}

function ChartCard({ title, testId, empty, children }: ChartCardProps) {
  const titleId = `${testId}-title`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={3} size="h5" mb="md" id={titleId}>
        {title}
      </Title>
      {empty ? (
        <Center h={CHART_HEIGHT}>
          <Text c="dimmed" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Card>
  );
}
