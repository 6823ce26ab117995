import { notifications } from '@mantine/notifications';
import { MESSAGES, POLLING_MS, type CrawlJob } from '@vendorwatch/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crawlJob } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { ActiveCrawlJobCard } from './active-crawl-job-card';

const card = () => screen.getByTestId('active-crawl-job');
const statusBadge = () => within(card()).queryByTestId('active-job-status');

describe('ActiveCrawlJobCard', () => {
  afterEach(() => vi.useRealTimers());

  it("says 'No active crawl jobs' when none is queued or running", async () => {
    mockFetch({ 'GET /api/crawls/status': { body: [] } });
    renderWithProviders(<ActiveCrawlJobCard />);

    expect(await within(card()).findByText(MESSAGES.crawls.noActiveJobs)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the first listed job: target URL, vendor, status, progress in percent, pages and start', async () => {
    mockFetch({
      'GET /api/crawls/status': {
        body: [
          crawlJob({ progress: 42, pagesDone: 42, pagesPlanned: 100 }),
          crawlJob({ id: 'job-2', vendorName: 'Beta', targetUrl: 'https://beta.example' }),
        ],
      },
    });
    renderWithProviders(<ActiveCrawlJobCard />);

    const progress = await screen.findByTestId('active-job-progress');
    expect(progress).toHaveAttribute('role', 'progressbar');
    expect(progress).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByTestId('active-job-progress-percent')).toHaveTextContent('42%');
    expect(screen.getByTestId('active-job-url')).toHaveTextContent('https://alpha.example');
    expect(screen.getByRole('link', { name: 'https://alpha.example' })).toHaveAttribute('href', 'https://alpha.example');
    expect(screen.getByTestId('active-job-vendor')).toHaveTextContent('Alpha');
    expect(statusBadge()).toHaveTextContent('Running');
    expect(statusBadge()).toHaveAttribute('data-status', 'running');
    expect(screen.getByTestId('active-job-pages')).toHaveTextContent('42 / 100 pages');
    expect(screen.getByTestId('active-job-started')).toHaveTextContent(new Date('2025-01-01T00:00:01Z').toLocaleString());
    expect(screen.getByRole('link', { name: 'View job details' })).toHaveAttribute('href', '/crawls/job-1');
    expect(screen.queryByText('Beta')).not.toBeInTheDocument();
  });

  it('polls every 5 s; an ended job shows its terminal status for 5 s, then clears', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listed: CrawlJob[] = [crawlJob({ progress: 10 })];
    const { requests } = mockFetch({
      'GET /api/crawls/status': () => ({ body: listed }),
      'GET /api/crawls/job-1': { body: crawlJob({ status: 'completed', progress: 100, pagesDone: 100 }) },
    });
    renderWithProviders(<ActiveCrawlJobCard />);
    const calls = (path: string) => requests().filter((r) => r.path === path).length;

    expect(await screen.findByTestId('active-job-progress')).toHaveAttribute('aria-valuenow', '10');
    expect(calls('/api/crawls/status')).toBe(1);

    listed = [crawlJob({ progress: 60 })];
    await vi.advanceTimersByTimeAsync(POLLING_MS.dashboard);
    await waitFor(() => expect(screen.getByTestId('active-job-progress')).toHaveAttribute('aria-valuenow', '60'));
    expect(calls('/api/crawls/status')).toBe(2);
    // Listed jobs are read from /status alone.
    expect(calls('/api/crawls/job-1')).toBe(0);

    // Gone from /status: one look at the job itself shows how it ended.
    listed = [];
    await vi.advanceTimersByTimeAsync(POLLING_MS.dashboard);
    await waitFor(() => expect(statusBadge()).toHaveTextContent('Completed'));
    expect(screen.getByTestId('active-job-progress')).toHaveAttribute('aria-valuenow', '100');
    expect(within(card()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(calls('/api/crawls/job-1')).toBe(1);

    // Inside act, so whatever the timers set off has rendered before the next look.
    await act(() => vi.advanceTimersByTimeAsync(POLLING_MS.terminalJobClear - 1000));
    expect(statusBadge()).toHaveTextContent('Completed');

    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(within(card()).getByText(MESSAGES.crawls.noActiveJobs)).toBeInTheDocument());
    expect(statusBadge()).not.toBeInTheDocument();
    // A finished job is not asked about again.
    expect(calls('/api/crawls/job-1')).toBe(1);
  });

  it("cancels: posts, says 'Crawl job cancelled successfully', shows 'Cancelled' for 5 s, then clears", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const show = vi.spyOn(notifications, 'show');
    let cancelled = false;
    const { requests } = mockFetch({
      'GET /api/crawls/status': () => ({ body: cancelled ? [] : [crawlJob({ progress: 30 })] }),
      'POST /api/crawls/job-1/cancel': () => {
        cancelled = true;
        return { body: crawlJob({ status: 'cancelled', progress: 30, completionTime: '2025-01-01T00:01:00Z' }) };
      },
      'GET /api/crawls/job-1': { body: crawlJob({ status: 'cancelled', progress: 30 }) },
    });
    const { user } = renderWithProviders(<ActiveCrawlJobCard />);

    await user.click(await within(card()).findByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText(MESSAGES.crawls.cancelled)).toBeInTheDocument();
    expect(requests().filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/crawls/job-1/cancel' }),
    ]);
    await waitFor(() => expect(statusBadge()).toHaveTextContent('Cancelled'));
    expect(within(card()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(POLLING_MS.terminalJobClear);
    await waitFor(() => expect(within(card()).getByText(MESSAGES.crawls.noActiveJobs)).toBeInTheDocument());
    expect(show.mock.calls.filter(([toast]) => toast.message === MESSAGES.crawls.cancelled)).toHaveLength(1);
  });

  it("says 'Failed to cancel crawl job' when the cancel is refused, and keeps the job", async () => {
    mockFetch({
      'GET /api/crawls/status': { body: [crawlJob()] },
      'POST /api/crawls/job-1/cancel': { status: 409, body: { statusCode: 409, message: MESSAGES.crawls.notCancellable } },
    });
    const { user } = renderWithProviders(<ActiveCrawlJobCard />);

    await user.click(await within(card()).findByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText(MESSAGES.crawls.cancelFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.crawls.notCancellable)).toBeInTheDocument();
    expect(statusBadge()).toHaveTextContent('Running');
  });

  it("says 'Failed to get active crawl jobs' once, not at every poll, while /status keeps failing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const show = vi.spyOn(notifications, 'show');
    const { requests } = mockFetch({
      'GET /api/crawls/status': { status: 500, body: { statusCode: 500, message: 'Database unavailable' } },
    });
    renderWithProviders(<ActiveCrawlJobCard />);
    const failures = () => show.mock.calls.filter(([toast]) => toast.title === MESSAGES.crawls.activeJobsFailed).length;

    await waitFor(() => expect(failures()).toBe(1));
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(POLLING_MS.dashboard * 2);
    await waitFor(() => expect(requests().filter((r) => r.path === '/api/crawls/status')).toHaveLength(3));
    expect(failures()).toBe(1);
  });
});
