import { queryOptions, type Query } from '@tanstack/react-query';
import {
  isTerminalStatus,
  MESSAGES,
  POLLING_MS,
  type CrawlJob,
  type CrawlPage,
  type VendorCrawlerSettings,
} from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { api, crawlerService } from '@/lib/api-client';
import { crawlJob, crawlPage, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { CrawlJobQuery } from '../api/crawl-job-query';
import { Crawler } from './crawler';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const settings = (saved: boolean): VendorCrawlerSettings => ({
  vendorId: VENDOR_ID,
  saved,
  maxPages: 100,
  crawlDelay: 2000,
  startUrls: saved ? ['https://acme.example'] : [],
  allowedDomains: [],
  excludePatterns: [],
  keepQueryParams: [],
  ignoreSelectors: [],
  ignoreTextPatterns: [],
});

const job = (status: CrawlJob['status'], sessionId: string): CrawlJob =>
  crawlJob({
    vendorName: 'Acme',
    sessionId,
    method: 'http',
    status,
    targetUrl: 'https://acme.example',
    progress: status === 'completed' ? 100 : 40,
    pagesDone: 2,
    pagesPlanned: 5,
  });

const page = (id: string, extra: Partial<CrawlPage>): CrawlPage =>
  crawlPage({ id, url: `https://acme.example/${id}`, title: null, responseTimeMs: 12, linksCount: 0, ...extra });

/** A backend whose session crawl runs until told otherwise; `sessionId` is the one the client sent. */
const backend = ({ saved = true, jobStatus = () => 'running' as CrawlJob['status'], pages = [] as CrawlPage[] } = {}) => {
  let sessionId = '';
  const mock = mockFetch({
    [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(saved) },
    'POST /api/edge-functions/start-crawler': ({ body }: MockRequest) => {
      sessionId = (body as { session_id: string }).session_id;
      return { body: { ...job('queued', sessionId), sessionId } };
    },
    'GET /api/crawls/job-1': () => ({ body: job(jobStatus(), sessionId) }),
    'GET /api/crawler-results': () => ({ body: pages }),
    'POST /api/edge-functions/stop-crawler': () => ({ body: { ...job('cancelled', sessionId) } }),
  });
  return { ...mock, sessionId: () => sessionId };
};

/** Stands in for the crawl-jobs feature's job query, which the route passes: polled until the job ends. */
const crawlJobQuery: CrawlJobQuery = (jobId) =>
  queryOptions({
    queryKey: ['crawl-jobs', jobId],
    queryFn: () => api.get<CrawlJob>(`/api/crawls/${jobId}`, crawlerService),
    refetchInterval: (query: Query<CrawlJob>) =>
      query.state.data && isTerminalStatus(query.state.data.status) ? false : CRAWL_JOB_POLL_MS,
  });

/** `liveJobId`: the vendor's crawl going now, as the route finds it among the active crawl jobs. */
const renderCrawler = (liveJobId?: string) =>
  renderWithProviders(
    <Crawler
      vendorId={VENDOR_ID}
      crawlJobQuery={crawlJobQuery}
      renderScreenshot={(url, alt) => <img src={url} alt={alt} />}
      liveJobId={liveJobId}
    />,
  );

const status = () => screen.getByTestId('crawler-status');

describe('Crawler page', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps Start Crawl disabled while the vendor has no saved settings', async () => {
    const { requests } = backend({ saved: false });
    const { user } = renderCrawler();

    const start = await screen.findByRole('button', { name: 'Start Crawl' });
    expect(start).toBeDisabled();
    expect(screen.getByTestId('crawler-needs-settings')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Idle');
    await user.click(start);
    expect(requests().some((r) => r.path === '/api/edge-functions/start-crawler')).toBe(false);
  });

  it('enables Start Crawl once the settings are saved', async () => {
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(false) },
      [`PUT /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(true) },
    });
    const { user } = renderCrawler();

    await user.type(await screen.findByLabelText(/^Start URLs/), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(MESSAGES.crawlerSettings.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Crawl' })).toBeEnabled());
  });

  it("starts a session, lists its pages ('Untitled' without a title), stops, and resets", async () => {
    const { requests, sessionId } = backend({
      pages: [page('p1', { title: 'Home', description: 'Welcome to Acme' }), page('p2', { title: null, description: null })],
    });
    const { user, queryClient } = renderCrawler();

    await user.click(await screen.findByRole('button', { name: 'Start Crawl' }));

    const results = await screen.findAllByTestId('crawler-result');
    expect(status()).toHaveTextContent('Running');
    expect(screen.getByRole('button', { name: 'Start Crawl' })).toBeDisabled();
    const start = requests().find((r) => r.path === '/api/edge-functions/start-crawler');
    expect(start?.body).toEqual({ vendor_id: VENDOR_ID, session_id: expect.stringMatching(UUID) });
    expect(requests().find((r) => r.path === '/api/crawler-results')?.search).toBe(`?session_id=${sessionId()}`);

    expect(within(results[0]!).getByText('Home')).toBeInTheDocument();
    expect(within(results[0]!).getByRole('link', { name: 'https://acme.example/p1' })).toHaveAttribute(
      'href',
      'https://acme.example/p1',
    );
    expect(within(results[0]!).getByText('Welcome to Acme')).toBeInTheDocument();
    expect(within(results[1]!).getByTestId('crawler-result-title')).toHaveTextContent(/^Untitled$/);

    await user.click(screen.getByRole('button', { name: 'Stop Crawl' }));

    await waitFor(() => expect(status()).toHaveTextContent('Completed'));
    expect(requests().find((r) => r.path === '/api/edge-functions/stop-crawler')?.body).toEqual({ session_id: sessionId() });
    expect(screen.queryByRole('button', { name: 'Stop Crawl' })).not.toBeInTheDocument();
    // The stopped job is written where the job query keeps it: it is not asked for again.
    expect(queryClient.getQueryData(crawlJobQuery('job-1').queryKey)?.status).toBe('cancelled');

    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(status()).toHaveTextContent('Idle');
    expect(screen.queryAllByTestId('crawler-result')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Start Crawl' })).toBeEnabled();
  });

  it("starts with the defaults, from the vendor's URL, without a save", async () => {
    const { requests } = mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: { ...settings(false), startUrls: ['https://acme.example/'] } },
      'POST /api/edge-functions/start-crawler': ({ body }: MockRequest) => {
        const sessionId = (body as { session_id: string }).session_id;
        return { body: { ...job('queued', sessionId), sessionId } };
      },
      'GET /api/crawls/job-1': { body: job('running', 's') },
      'GET /api/crawler-results': { body: [] },
    });
    const { user } = renderCrawler();

    const start = await screen.findByRole('button', { name: 'Start Crawl' });
    expect(start).toBeEnabled();
    expect(screen.queryByTestId('crawler-needs-settings')).not.toBeInTheDocument();
    await user.click(start);

    await waitFor(() => expect(status()).toHaveTextContent('Running'));
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    expect(requests().some((r) => r.path === '/api/edge-functions/start-crawler')).toBe(true);
  });

  it("shows the vendor's crawl started elsewhere as running, follows its pages by job id and stops it", async () => {
    const { requests } = mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(false) },
      'GET /api/crawls/job-1': { body: { ...job('running', 's'), sessionId: null } },
      'GET /api/crawler-results': { body: [page('p1', { title: 'Home' })] },
      'POST /api/edge-functions/stop-crawler': { body: { ...job('cancelled', 's'), sessionId: null } },
    });
    const { user } = renderCrawler('job-1');

    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Running');
    expect(await screen.findByTestId('crawler-progress')).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('link', { name: 'View job details' })).toHaveAttribute('href', '/crawls/job-1');
    expect(requests().find((r) => r.path === '/api/crawler-results')?.search).toBe('?job_id=job-1');

    await user.click(screen.getByRole('button', { name: 'Stop Crawl' }));
    await waitFor(() => expect(status()).toHaveTextContent('Completed'));
    expect(requests().find((r) => r.path === '/api/edge-functions/stop-crawler')?.body).toEqual({ job_id: 'job-1' });
  });

  it('says why a crawl failed in plain words, with a red bar that is not full', async () => {
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(true) },
      'GET /api/crawls/job-1': {
        body: {
          ...job('failed', 's'),
          progress: 100,
          pagesDone: 1,
          pagesPlanned: 1,
          pagesAnswered: 0,
          error: 'net::ERR_TUNNEL_CONNECTION_FAILED at https://acme.example/',
        },
      },
      'GET /api/crawler-results': { body: [] },
    });
    renderCrawler('job-1');

    const failure = await screen.findByTestId('crawler-failure');
    expect(failure).toHaveTextContent('The site could not be reached through the configured proxy');
    expect(within(failure).getByTestId('crawler-failure-detail')).toHaveTextContent('net::ERR_TUNNEL_CONNECTION_FAILED');
    expect(status()).toHaveTextContent('Failed');
    expect(screen.getByTestId('crawler-progress')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByTestId('crawler-progress-percent')).toHaveTextContent('Failed');
  });

  it("turns to Failed when the start is rejected, with 'Failed to start crawler'", async () => {
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(true) },
      'POST /api/edge-functions/start-crawler': { status: 503, body: { statusCode: 503, message: 'Queue unavailable' } },
    });
    const { user } = renderCrawler();

    await user.click(await screen.findByRole('button', { name: 'Start Crawl' }));

    expect(await screen.findByText(MESSAGES.crawls.startCrawlerFailed)).toBeInTheDocument();
    expect(screen.getByText('Queue unavailable')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Failed');
  });

  it('polls the results every 5 s while running and turns to Completed when the job ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let jobStatus: CrawlJob['status'] = 'running';
    let pages: CrawlPage[] = [];
    const { requests } = mockFetch({
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: { body: settings(true) },
      'POST /api/edge-functions/start-crawler': ({ body }: MockRequest) => {
        const sessionId = (body as { session_id: string }).session_id;
        return { body: { ...job('queued', sessionId), sessionId } };
      },
      'GET /api/crawls/job-1': () => ({ body: job(jobStatus, 's') }),
      'GET /api/crawler-results': () => ({ body: pages }),
    });
    const { user } = renderCrawler();
    const resultCalls = () => requests().filter((r) => r.path === '/api/crawler-results').length;

    await user.click(await screen.findByRole('button', { name: 'Start Crawl' }));
    await waitFor(() => expect(resultCalls()).toBe(1));
    expect(await screen.findByText('No pages crawled yet.')).toBeInTheDocument();

    pages = [page('p1', { title: 'Home' })];
    await vi.advanceTimersByTimeAsync(POLLING_MS.crawlerResults);
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Running');

    jobStatus = 'completed';
    pages = [page('p1', { title: 'Home' }), page('p2', { title: 'About' })];
    await vi.advanceTimersByTimeAsync(POLLING_MS.crawlerResults);
    await waitFor(() => expect(status()).toHaveTextContent('Completed'));
    // The pages stored after the last poll are fetched once more.
    expect(await screen.findByText('About')).toBeInTheDocument();

    const callsWhenDone = resultCalls();
    await vi.advanceTimersByTimeAsync(POLLING_MS.crawlerResults * 3);
    expect(resultCalls()).toBe(callsWhenDone);
  });
});
