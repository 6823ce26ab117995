import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardSummary } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { DashboardSummary } from './dashboard-summary';

const tileValue = (name: string) => screen.getByRole('group', { name }).querySelector('[data-testid$="-value"]');

describe('DashboardSummary', () => {
  it('shows vendors crawled and crawl jobs completed out of their totals, the mean response time and the pages', async () => {
    mockFetch({
      'GET /api/dashboard/summary': {
        body: dashboardSummary({
          totalVendors: 5,
          crawledVendors: 2,
          totalCrawls: 9,
          completedCrawls: 7,
          averageResponseTime: 244.6,
          totalPages: 1234,
        }),
      },
    });
    renderWithProviders(<DashboardSummary />);

    expect(await screen.findByTestId('tile-vendors-crawled-value')).toHaveTextContent('2 / 5');
    expect(tileValue('Crawl Jobs Completed')).toHaveTextContent('7 / 9');
    expect(tileValue('Average Response Time')).toHaveTextContent('245 ms');
    expect(tileValue('Total Pages')).toHaveTextContent('1,234');
  });

  it("shows '—' for the response time before any page was answered", async () => {
    mockFetch({ 'GET /api/dashboard/summary': { body: dashboardSummary({ totalVendors: 1 }) } });
    renderWithProviders(<DashboardSummary />);

    expect(await screen.findByTestId('tile-average-response-time-value')).toHaveTextContent(/^—$/);
    expect(tileValue('Vendors Crawled')).toHaveTextContent('0 / 1');
    expect(tileValue('Total Pages')).toHaveTextContent(/^0$/);
  });

  it('says to add the first vendor, and how, when there is none yet', async () => {
    mockFetch({ 'GET /api/dashboard/summary': { body: dashboardSummary({ totalVendors: 0 }) } });
    renderWithProviders(<DashboardSummary />);
    const prompt = await screen.findByTestId('first-vendor');
    expect(prompt).toHaveTextContent('Add your first vendor');
    expect(screen.getByRole('link', { name: 'Add a vendor' })).toHaveAttribute('href', '/vendors');
  });

  it('says nothing of a first vendor once there is one', async () => {
    mockFetch({ 'GET /api/dashboard/summary': { body: dashboardSummary({ totalVendors: 1 }) } });
    renderWithProviders(<DashboardSummary />);
    await screen.findByTestId('tile-vendors-crawled-value');
    expect(screen.queryByTestId('first-vendor')).not.toBeInTheDocument();
  });
});
