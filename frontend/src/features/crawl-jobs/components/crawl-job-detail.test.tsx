import { MESSAGES } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crawlJob, crawlPage, paginated } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlJobDetail } from './crawl-job-detail';

const SCREENSHOT_URL = '/api/crawls/job-1/pages/page-2/screenshot';

describe('CrawlJobDetail', () => {
  // jsdom has no object URLs.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:screenshot-1'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it("shows how the job ran and its pages, 'Untitled' for a page without a title", async () => {
    mockFetch({
      'GET /api/crawls/job-1': {
        body: crawlJob({
          status: 'failed',
          method: 'api',
          creditsUsed: 7,
          progress: 40,
          pagesDone: 2,
          pagesPlanned: 5,
          error: 'net::ERR_CONNECTION_RESET',
          completionTime: '2025-01-01T00:00:43Z',
        }),
      },
      'GET /api/crawls/job-1/results': {
        body: paginated([
          crawlPage(),
          crawlPage({ id: 'page-2', url: 'https://alpha.example/about', title: null, statusCode: 404, responseTimeMs: 80 }),
        ]),
      },
    });
    renderWithProviders(<CrawlJobDetail jobId="job-1" />);

    const summary = await screen.findByTestId('crawl-job');
    expect(within(summary).getByRole('heading', { name: 'Alpha' })).toBeInTheDocument();
    expect(within(summary).getByTestId('crawl-job-status')).toHaveAttribute('data-status', 'failed');
    expect(within(summary).getByTestId('crawl-job-progress')).toHaveAttribute('aria-valuenow', '40');
    expect(summary).toHaveTextContent('Credits used7');
    expect(summary).toHaveTextContent('Duration42 s');
    expect(within(summary).getByTestId('crawl-job-failure')).toHaveTextContent('net::ERR_CONNECTION_RESET');
    expect(within(summary).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    const [home, about] = await screen.findAllByTestId('crawl-job-page-row');
    expect(within(home!).getByTestId('crawl-job-page-title')).toHaveTextContent('Home');
    expect(within(about!).getByTestId('crawl-job-page-title')).toHaveTextContent('Untitled');
    expect(within(about!).getByRole('link', { name: 'https://alpha.example/about' })).toBeInTheDocument();
    expect(about).toHaveTextContent('404');
    expect(about).toHaveTextContent('80 ms');
  });

  it('loads a screenshot with the bearer-token client into a modal, only when asked', async () => {
    const { requests } = mockFetch({
      'GET /api/crawls/job-1': { body: crawlJob({ status: 'completed', progress: 100 }) },
      'GET /api/crawls/job-1/results': {
        body: paginated([
          crawlPage(),
          crawlPage({ id: 'page-2', url: 'https://alpha.example/about', screenshotUrl: SCREENSHOT_URL }),
        ]),
      },
      [`GET ${SCREENSHOT_URL}`]: { body: 'png-bytes' },
    });
    const { user } = renderWithProviders(<CrawlJobDetail jobId="job-1" />);

    const [home, about] = await screen.findAllByTestId('crawl-job-page-row');
    expect(within(home!).queryByRole('button', { name: /Screenshot/ })).not.toBeInTheDocument();
    expect(requests().some((r) => r.path === SCREENSHOT_URL)).toBe(false);

    await user.click(within(about!).getByRole('button', { name: 'Screenshot of https://alpha.example/about' }));

    const dialog = await screen.findByRole('dialog', { name: 'Home' });
    expect(await within(dialog).findByRole('img', { name: 'Screenshot of Home' })).toHaveAttribute('src', 'blob:screenshot-1');
    expect(requests().filter((r) => r.path === SCREENSHOT_URL)).toHaveLength(1);
  });

  it('offers Cancel while the job is running', async () => {
    const { requests } = mockFetch({
      'GET /api/crawls/job-1': { body: crawlJob({ status: 'running', progress: 5 }) },
      'GET /api/crawls/job-1/results': { body: paginated([]) },
      'POST /api/crawls/job-1/cancel': { body: crawlJob({ status: 'cancelled', progress: 5 }) },
    });
    const { user } = renderWithProviders(<CrawlJobDetail jobId="job-1" />);

    await user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText(MESSAGES.crawls.cancelled)).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(requests().some((r) => r.method === 'POST' && r.path === '/api/crawls/job-1/cancel')).toBe(true);
  });

  it("says 'Failed to get crawl job details' for a job that cannot be read", async () => {
    mockFetch({
      'GET /api/crawls/job-1': { status: 404, body: { statusCode: 404, message: 'Crawl job not found' } },
      'GET /api/crawls/job-1/results': { status: 404, body: { statusCode: 404, message: 'Crawl job not found' } },
    });
    renderWithProviders(<CrawlJobDetail jobId="job-1" />);

    expect(await screen.findByTestId('crawl-job-error')).toHaveTextContent(MESSAGES.crawls.detailsFailed);
  });
});
