import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatMessage, type CrawlJob } from '@vendorwatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { useWatchCrawlJob } from './crawl-job-watch-context';
import { CrawlJobWatchProvider } from './crawl-job-watch-provider';

function WatchButton() {
  const watch = useWatchCrawlJob();
  return <Button onClick={() => watch({ id: 'job-1', vendorName: 'Acme' })}>Watch</Button>;
}

const job = (status: CrawlJob['status']) => ({ id: 'job-1', status, error: null }) as CrawlJob;

describe('CrawlJobWatchProvider', () => {
  afterEach(() => vi.useRealTimers());

  it('polls a watched job every 5 s until it ends, announces it once, then stops polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // Toasts close by themselves after a few seconds, which these 5 s steps outlast: count the calls instead.
    const show = vi.spyOn(notifications, 'show');
    const announced = () => show.mock.calls.filter(([toast]) => toast.message === formatMessage.crawlCompleted('Acme')).length;
    let status: CrawlJob['status'] = 'queued';
    const { requests } = mockFetch({ 'GET /api/crawls/job-1': () => ({ body: job(status) }) });
    const { user } = renderWithProviders(
      <CrawlJobWatchProvider>
        <WatchButton />
      </CrawlJobWatchProvider>,
    );
    const polls = () => requests().filter((r) => r.path === '/api/crawls/job-1').length;

    await user.click(screen.getByRole('button', { name: 'Watch' }));
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    await waitFor(() => expect(polls()).toBe(1));

    status = 'running';
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS);
    await waitFor(() => expect(polls()).toBe(2));
    expect(announced()).toBe(0);

    status = 'completed';
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS);
    await waitFor(() => expect(announced()).toBe(1));

    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS * 3);
    expect(polls()).toBe(3);
    expect(announced()).toBe(1);
  });

  it('says nothing for a cancelled job', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const show = vi.spyOn(notifications, 'show');
    const { requests } = mockFetch({ 'GET /api/crawls/job-1': { body: job('cancelled') } });
    const { user } = renderWithProviders(
      <CrawlJobWatchProvider>
        <WatchButton />
      </CrawlJobWatchProvider>,
    );
    const polls = () => requests().filter((r) => r.path === '/api/crawls/job-1').length;

    await user.click(screen.getByRole('button', { name: 'Watch' }));
    await waitFor(() => expect(polls()).toBe(1));
    // Polling stops once the terminal status is seen: no second poll proves it was read.
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS * 2);
    expect(polls()).toBe(1);
    const crawlToasts = show.mock.calls.filter(([toast]) =>
      [formatMessage.crawlCompleted('Acme'), formatMessage.crawlFailed('Acme')].includes(String(toast.message)),
    );
    expect(crawlToasts).toEqual([]);
  });
});
