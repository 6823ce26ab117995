import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dashboardCharts } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CHART_EMPTY, DashboardCharts } from './dashboard-charts';

describe('DashboardCharts', () => {
  it('says what is missing instead of drawing empty charts', async () => {
    mockFetch({ 'GET /api/dashboard/charts': { body: dashboardCharts() } });
    renderWithProviders(<DashboardCharts />);

    expect(within(await screen.findByTestId('chart-crawls-by-day')).getByText(CHART_EMPTY.crawlsByDay)).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-pages-by-day')).getByText(CHART_EMPTY.pagesByDay)).toBeInTheDocument();
    expect(
      within(screen.getByTestId('chart-response-time-by-vendor')).getByText(CHART_EMPTY.responseTimeByVendor),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-compliance-by-day')).getByText(CHART_EMPTY.complianceByDay)).toBeInTheDocument();
  });

  it('draws the charts when there is data', async () => {
    const charts = dashboardCharts();
    charts.days[29] = { date: '2025-01-30', completed: 2, failed: 1, cancelled: 1, pages: 12, complianceRate: 82.5 };
    charts.days[27] = { ...charts.days[27]!, complianceRate: 91 };
    charts.responseTimeByVendor = [{ vendorId: 'v1', vendorName: 'Alpha', averageMs: 245, pages: 12 }];
    mockFetch({ 'GET /api/dashboard/charts': { body: charts } });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 600, height: 260 } as DOMRect);
    renderWithProviders(<DashboardCharts />);

    // jsdom measures no text, so axis labels stay empty: the legend (series names, stacking order) shows what is drawn.
    const crawls = await screen.findByTestId('chart-crawls-by-day');
    const legendNames = (chart: HTMLElement) =>
      Array.from(chart.querySelectorAll('.mantine-ChartLegend-legendItemName'), (item) => item.textContent);
    expect(legendNames(crawls)).toEqual(['Completed', 'Failed', 'Cancelled']);
    expect(within(crawls).queryByText(CHART_EMPTY.crawlsByDay)).not.toBeInTheDocument();
    expect(crawls.querySelector('svg.recharts-surface')).not.toBeNull();

    const pages = screen.getByTestId('chart-pages-by-day');
    expect(legendNames(pages)).toEqual(['Pages']);
    expect(within(pages).queryByText(CHART_EMPTY.pagesByDay)).not.toBeInTheDocument();

    const responseTimes = screen.getByTestId('chart-response-time-by-vendor');
    expect(legendNames(responseTimes)).toEqual(['Mean response time']);
    expect(within(responseTimes).queryByText(CHART_EMPTY.responseTimeByVendor)).not.toBeInTheDocument();

    const compliance = screen.getByTestId('chart-compliance-by-day');
    expect(legendNames(compliance)).toEqual(['Average compliance rate']);
    expect(compliance.querySelector('svg.recharts-surface')).not.toBeNull();
  });
});
