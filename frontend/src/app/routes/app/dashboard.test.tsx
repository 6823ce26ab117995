import { focusManager } from '@tanstack/react-query';
import { POLLING_MS } from '@vendorwatch/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crawlJob, dashboardCharts, dashboardSummary } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import DashboardRoute from './dashboard';

const CRAWL_DATA = ['/api/crawls/status', '/api/dashboard/summary', '/api/dashboard/charts'];

const backend = () =>
  mockFetch({
    'GET /api/crawls/status': { body: [crawlJob({ progress: 25 })] },
    'GET /api/dashboard/summary': { body: dashboardSummary({ totalVendors: 3, crawledVendors: 1 }) },
    'GET /api/dashboard/charts': { body: dashboardCharts() },
  });

describe('the dashboard screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it('shows the figures, the active job, the charts and a link to the crawl history', async () => {
    backend();
    renderWithProviders(<DashboardRoute />);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByTestId('tile-vendors-crawled-value')).toHaveTextContent('1 / 3');
    expect(await screen.findByTestId('active-job-progress')).toHaveAttribute('aria-valuenow', '25');
    expect(await screen.findByTestId('chart-crawls-by-day')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View crawl history' })).toHaveAttribute('href', '/crawls');
  });

  it('refreshes the crawl data every 5 s while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = backend();
    renderWithProviders(<DashboardRoute />);
    const calls = () => CRAWL_DATA.map((path) => requests().filter((r) => r.path === path).length);

    await waitFor(() => expect(calls()).toEqual([1, 1, 1]));
    await act(() => vi.advanceTimersByTimeAsync(POLLING_MS.dashboard));
    await waitFor(() => expect(calls()).toEqual([2, 2, 2]));

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(POLLING_MS.dashboard * 3));
    expect(calls()).toEqual([2, 2, 2]);
  });
});
