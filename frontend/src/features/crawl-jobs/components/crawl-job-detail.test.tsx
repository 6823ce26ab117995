import { MESSAGES } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { crawlJob, crawlPage, paginated, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlJobDetail } from './crawl-job-detail';

const SCREENSHOT_URL = '/api/crawls/job-1/pages/page-2/screenshot';

describe('CrawlJobDetail', () => {
  // jsdom has no object URLs.
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:screenshot-1'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    vi.useRealTimers();
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
          pagesAnswered: 2,
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

  it('says which way an adaptive crawl read each page, and why it opened one in the browser', async () => {
    mockFetch({
      'GET /api/crawls/job-1': { body: crawlJob({ status: 'completed', method: 'adaptive' }) },
      'GET /api/crawls/job-1/results': {
        body: paginated([
          crawlPage({ readBy: { via: 'browser', reason: 'new-template', template: 'a:1', differences: ['links', 'cookies'] } }),
          crawlPage({ id: 'page-2', url: 'https://alpha.example/about', readBy: { via: 'http', reason: null, template: 'a:1' } }),
        ]),
      },
    });
    renderWithProviders(<CrawlJobDetail jobId="job-1" />);
    const readBy = (await screen.findAllByTestId('crawl-job-page-read-by')).map((line) => line.textContent);
    expect(readBy).toEqual([
      'Read in the browser: sample of a new page template — the browser saw more: links, cookies',
      'Read over HTTP',
    ]);
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

  it("on a phone, lists the crawl's pages as cards, each with its URL, status and screenshot button", async () => {
    mockPhoneScreen();
    mockFetch({
      'GET /api/crawls/job-1': { body: crawlJob({ status: 'completed' }) },
      'GET /api/crawls/job-1/results': {
        body: paginated([
          crawlPage({ url: 'https://alpha.example/a/very/long/path/that/would/not/fit', screenshotUrl: SCREENSHOT_URL }),
        ]),
      },
    });
    renderWithProviders(<CrawlJobDetail jobId="job-1" />);

    const [card] = await screen.findAllByTestId('crawl-job-page-row');
    expect(screen.getByRole('list', { name: 'Crawled pages' })).toContainElement(card!);
    expect(screen.queryByRole('table', { name: 'Crawled pages' })).not.toBeInTheDocument();
    expect(within(card!).getByText('URL')).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: /^Screenshot of / })).toBeInTheDocument();
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

  it('shows a failed crawl as a red bar of the pages that answered, in plain words with the technical detail behind them, and Retry', async () => {
    mockFetch({
      'GET /api/crawls/job-1': {
        // The worker counts the page it gave up on as done: progress says 100 %, nothing answered.
        body: crawlJob({
          status: 'failed',
          progress: 100,
          pagesDone: 1,
          pagesPlanned: 1,
          pagesAnswered: 0,
          error: 'net::ERR_NAME_NOT_RESOLVED at https://alpha.example/',
          completionTime: '2025-01-01T00:00:05Z',
        }),
      },
      'GET /api/crawls/job-1/results': {
        body: paginated([crawlPage({ statusCode: null, error: 'net::ERR_NAME_NOT_RESOLVED' })]),
      },
    });
    const onRetry = vi.fn(() => Promise.resolve());
    const { user } = renderWithProviders(<CrawlJobDetail jobId="job-1" onRetry={onRetry} />);

    const summary = await screen.findByTestId('crawl-job');
    const bar = within(summary).getByTestId('crawl-job-progress');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('data-status', 'failed');
    expect(within(summary).getByTestId('crawl-job-progress-percent')).toHaveTextContent(/^Failed$/);
    expect(within(summary).queryByText('100%')).not.toBeInTheDocument();

    const failure = within(summary).getByTestId('crawl-job-failure');
    expect(within(failure).getByText('The site could not be reached: host not found')).toBeVisible();
    // The raw message is there for whoever debugs it, behind "Technical detail".
    const detail = within(failure).getByTestId('crawl-job-failure-detail');
    expect(detail).toHaveTextContent('net::ERR_NAME_NOT_RESOLVED at https://alpha.example/');
    expect(detail.closest('details')).not.toHaveAttribute('open');
    await user.click(within(failure).getByText('Technical detail'));
    expect(detail.closest('details')).toHaveAttribute('open');

    // The host was not found: the address is the likely fault, so it can be edited from here; the end is "Ended".
    expect(within(failure).getByRole('link', { name: 'Edit address' })).toHaveAttribute('href', `/vendors/${VENDOR_ID}`);
    expect(within(summary).getByText('Ended')).toBeInTheDocument();
    expect(within(summary).queryByText('Completed')).not.toBeInTheDocument();

    await user.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ id: 'job-1', vendorId: VENDOR_ID }));
    expect(within(summary).queryByTestId('crawl-job-outcome')).not.toBeInTheDocument();
  });

  it('keeps a completed crawl on a full bar and links it to its report and its changes, once the report is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reportId: string | null = null;
    const completionTime = new Date().toISOString();
    const { requests } = mockFetch({
      'GET /api/crawls/job-1': () => ({
        body: crawlJob({
          status: 'completed',
          progress: 100,
          pagesDone: 3,
          pagesPlanned: 3,
          pagesAnswered: 3,
          completionTime,
          reportId,
        }),
      }),
      'GET /api/crawls/job-1/results': { body: paginated([crawlPage()]) },
    });
    renderWithProviders(<CrawlJobDetail jobId="job-1" />);

    // Assessed moments after it completed: until then the page says so and keeps asking.
    expect(await screen.findByTestId('crawl-job-report-pending')).toHaveTextContent(MESSAGES.crawls.reportPending);
    expect(screen.getByTestId('crawl-job-progress-percent')).toHaveTextContent('100%');
    expect(screen.getByTestId('crawl-job-changes')).toHaveAttribute('href', `/vendors/${VENDOR_ID}?crawl=job-1`);
    reportId = 'report-9';
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open report' })).toHaveAttribute('href', '/reports/report-9'));
    expect(screen.getByRole('link', { name: 'Open changes' })).toHaveAttribute('href', `/vendors/${VENDOR_ID}?crawl=job-1`);
    expect(screen.getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', `/vendors/${VENDOR_ID}`);

    // With its report, the finished job is not asked for again.
    const asked = requests().filter((r) => r.path === '/api/crawls/job-1').length;
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS * 3);
    expect(requests().filter((r) => r.path === '/api/crawls/job-1')).toHaveLength(asked);
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
