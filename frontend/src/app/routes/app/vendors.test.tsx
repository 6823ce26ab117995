import {
  DEFAULT_CRAWL_RUN_SETTINGS,
  formatMessage,
  MESSAGES,
  type CrawlerConfig,
  type CrawlJob,
  type Vendor,
  type VendorListItem,
} from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRAWL_JOB_POLL_MS } from '@/config/constants';
import { CrawlJobWatchProvider } from '@/features/crawl-jobs/components/crawl-job-watch-provider';
import { vendorListItem, vendorPage, NO_PROGRAMME } from '@/testing/fixtures';
import { mockFetch, type MockResponse } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import VendorsRoute from './vendors';

const alpha: Vendor = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Alpha',
  url: 'https://alpha.example',
  description: '',
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  domains: [],
  primaryDomain: null,
  dkimSelectors: [],
  ...NO_PROGRAMME,
};

const job = (status: CrawlJob['status'], extra: Partial<CrawlJob> = {}): CrawlJob => ({
  id: 'job-1',
  vendorId: alpha.id,
  vendorName: alpha.name,
  sessionId: null,
  method: 'puppeteer',
  status,
  targetUrl: alpha.url,
  progress: 0,
  pagesDone: 0,
  pagesPlanned: 100,
  pagesAnswered: 0,
  creditsUsed: 0,
  error: null,
  settings: {},
  reportId: null,
  createdAt: '2025-01-01T00:00:00Z',
  startTime: null,
  completionTime: null,
  ...extra,
});

const renderScreen = () =>
  renderWithProviders(
    <CrawlJobWatchProvider>
      <VendorsRoute />
    </CrawlJobWatchProvider>,
    { initialEntries: ['/vendors'] },
  );

const openDialog = async (user: ReturnType<typeof renderScreen>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Crawl Alpha' }));
  return screen.findByRole('dialog', { name: 'Configure Crawl' });
};

describe('Configure Crawl on the vendors screen', () => {
  it('shows the Puppeteer settings only for Puppeteer and describes HTTP as the fast, free option', async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([alpha]) } });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    expect(within(dialog).getByTestId('puppeteer-settings')).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Simulate human behavior' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Use proxy' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Take screenshots' })).toBeChecked();
    expect(within(dialog).getByRole('slider', { name: 'Max Retries' })).toHaveAttribute('aria-valuenow', '3');
    expect(within(dialog).getByLabelText('Wait Time (ms)')).toHaveValue('2000');

    await user.click(within(dialog).getByLabelText('HTTP'));
    expect(within(dialog).queryByTestId('puppeteer-settings')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('crawl-method-description')).toHaveTextContent(
      /fast, free option for sites that need no JavaScript/,
    );

    await user.click(within(dialog).getByLabelText('API'));
    expect(within(dialog).queryByTestId('puppeteer-settings')).not.toBeInTheDocument();

    await user.click(within(dialog).getByLabelText('Puppeteer'));
    expect(within(dialog).getByTestId('puppeteer-settings')).toBeInTheDocument();
  });

  it("posts the method and settings, says 'Starting...', then follows the job to 'Crawl completed for {vendor}'", async () => {
    let accept: (response: MockResponse) => void = () => {};
    const { requests } = mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'POST /api/crawls': () => new Promise<MockResponse>((resolve) => (accept = resolve)),
      'GET /api/crawls/job-1': { body: job('completed', { progress: 100 }) },
    });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('switch', { name: 'Use proxy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    expect(await within(dialog).findByRole('button', { name: 'Starting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const post = requests().find((r) => r.method === 'POST' && r.path === '/api/crawls');
    expect(post?.body).toEqual({
      vendorId: alpha.id,
      method: 'puppeteer',
      settings: { ...DEFAULT_CRAWL_RUN_SETTINGS, useProxy: true },
    });

    accept({ status: 201, body: job('queued') });

    expect(await screen.findByText(MESSAGES.crawls.started)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(formatMessage.crawlCompleted('Alpha'))).toBeInTheDocument();
    expect(requests().filter((r) => r.path === '/api/crawls/job-1')).toHaveLength(1);
  });

  it('sends the chosen method with its settings for HTTP', async () => {
    const { requests } = mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'POST /api/crawls': { status: 201, body: job('queued', { method: 'http' }) },
      'GET /api/crawls/job-1': { body: job('running', { method: 'http' }) },
    });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByLabelText('HTTP'));
    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    await screen.findByText(MESSAGES.crawls.started);
    expect(requests().find((r) => r.method === 'POST')?.body).toMatchObject({
      method: 'http',
      settings: DEFAULT_CRAWL_RUN_SETTINGS,
    });
  });

  it("shows 'HTTP error! status: {code}' and the server's reason in the dialog, which stays open", async () => {
    mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'POST /api/crawls': {
        status: 400,
        body: { statusCode: 400, message: MESSAGES.crawls.apiKeyRequiredForApiMethod },
      },
    });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByLabelText('API'));
    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    const error = await within(dialog).findByTestId('crawl-error');
    expect(error).toHaveTextContent(formatMessage.httpError(400));
    expect(error).toHaveTextContent(MESSAGES.crawls.apiKeyRequiredForApiMethod);
    expect(within(dialog).getByRole('button', { name: 'Start Crawl' })).toBeEnabled();
    expect(screen.queryByText(MESSAGES.crawls.started)).not.toBeInTheDocument();
  });

  it("says 'Could not connect to the crawler service' in the dialog when the server cannot be reached", async () => {
    mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'POST /api/crawls': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    const error = await within(dialog).findByTestId('crawl-error');
    expect(error).toHaveTextContent(MESSAGES.crawls.couldNotConnect);
    expect(error).not.toHaveTextContent('Failed to fetch');
    expect(within(dialog).getByRole('button', { name: 'Start Crawl' })).toBeEnabled();
  });

  it("announces 'Crawl failed for {vendor}' with the job's reason in plain words", async () => {
    mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'POST /api/crawls': { status: 201, body: job('queued') },
      'GET /api/crawls/job-1': { body: job('failed', { error: 'net::ERR_NAME_NOT_RESOLVED' }) },
    });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    expect(await screen.findByText(formatMessage.crawlFailed('Alpha'))).toBeInTheDocument();
    expect(screen.getByText('The site could not be reached: host not found')).toBeInTheDocument();
    expect(screen.queryByText('net::ERR_NAME_NOT_RESOLVED')).not.toBeInTheDocument();
    expect(screen.queryByText(formatMessage.crawlCompleted('Alpha'))).not.toBeInTheDocument();
  });

  it('links each vendor to its crawler page', async () => {
    mockFetch({ 'GET /api/vendors': { body: vendorPage([alpha]) } });
    renderScreen();

    expect(await screen.findByRole('link', { name: 'Open crawler for Alpha' })).toHaveAttribute('href', `/crawler/${alpha.id}`);
  });
});

describe('schedules on the vendors screen', () => {
  it("shows each vendor's next run, and Paused while every schedule is paused", async () => {
    const beta: Vendor = { ...alpha, id: '22222222-2222-4222-8222-222222222222', name: 'Beta' };
    const nextRunAt = '2030-01-07T05:00:00.000Z';
    let paused = false;
    mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha, beta]) },
      'GET /api/schedules': () => ({
        body: { paused, schedules: [{ vendorId: alpha.id, kind: 'daily', nextRunAt: paused ? null : nextRunAt }] },
      }),
      'PUT /api/schedules/pause': () => {
        paused = true;
        return { body: { paused, schedules: [{ vendorId: alpha.id, kind: 'daily', nextRunAt: null }] } };
      },
    });
    const { user } = renderScreen();

    const rowOf = async (name: string) =>
      (await screen.findAllByTestId('vendor-row')).find((row) => within(row).queryByText(name))!;
    await waitFor(
      async () =>
        expect(within(await rowOf('Alpha')).getByTestId('next-run')).toHaveTextContent(new Date(nextRunAt).toLocaleString()),
      { timeout: 15_000 },
    );
    expect(within(await rowOf('Beta')).getByTestId('next-run')).toHaveTextContent('—');
    expect(within(await rowOf('Alpha')).getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', `/vendors/${alpha.id}`);

    const toggle = screen.getByRole('switch', { name: 'Pause all schedules' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(async () => expect(within(await rowOf('Alpha')).getByTestId('next-run')).toHaveTextContent('Paused'));
  });
});

describe('the crawl loop on the vendors screen', () => {
  afterEach(() => vi.useRealTimers());
  /** The screen inside routes, so that following a link or starting a crawl shows where the user lands. */
  const Location = () => <div data-testid="location">{useLocation().pathname + useLocation().search}</div>;
  const renderRoutes = () =>
    renderWithProviders(
      <CrawlJobWatchProvider>
        <Routes>
          <Route path="/vendors" element={<VendorsRoute />} />
          <Route path="*" element={<Location />} />
        </Routes>
      </CrawlJobWatchProvider>,
      { initialEntries: ['/vendors'] },
    );

  const listItem = (name: string, id: string, lastCrawl: VendorListItem['lastCrawl']): VendorListItem =>
    vendorListItem({ ...alpha, id, name, lastCrawl });
  const lastCrawl = (status: CrawlJob['status'], extra: Partial<NonNullable<VendorListItem['lastCrawl']>> = {}) => ({
    id: `crawl-${status}`,
    state: status,
    status,
    method: 'http' as const,
    progress: 0,
    pagesDone: 0,
    pagesPlanned: 10,
    error: null,
    createdAt: '2025-01-01T00:00:00Z',
    completionTime: null,
    ...extra,
  });

  it('opens the live crawl once Start Crawl is accepted', async () => {
    mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'POST /api/crawls': { status: 201, body: job('queued', { id: 'job-7' }) },
      'GET /api/crawls/job-7': { body: job('running', { id: 'job-7' }) },
    });
    const { user } = renderRoutes();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/crawls/job-7');
    expect(screen.getByText(MESSAGES.crawls.started)).toBeInTheDocument();
  });

  it("shows each vendor's last crawl — queued, running with its percent, completed, failed in plain words, cancelled — each opening it", async () => {
    const vendors = [
      listItem('Never', 'v0', null),
      listItem('Queued', 'v1', lastCrawl('queued')),
      listItem('Running', 'v2', lastCrawl('running', { progress: 42.4, pagesDone: 4 })),
      listItem('Done', 'v3', lastCrawl('completed', { progress: 100, completionTime: '2025-01-01T00:05:00Z' })),
      listItem(
        'Broken',
        'v4',
        lastCrawl('failed', { progress: 100, error: 'net::ERR_NAME_NOT_RESOLVED at https://broken.example/' }),
      ),
      listItem('Stopped', 'v5', lastCrawl('cancelled')),
    ];
    mockFetch({ 'GET /api/vendors': { body: vendorPage(vendors) } });
    const { user } = renderRoutes();

    const rowOf = async (name: string) =>
      (await screen.findAllByTestId('vendor-row')).find((row) => within(row).queryByRole('link', { name }))!;
    expect(within(await rowOf('Never')).getByTestId('last-crawl-none')).toHaveTextContent('Not crawled yet');
    expect(within(await rowOf('Queued')).getByTestId('last-crawl')).toHaveTextContent('Queued');
    const running = within(await rowOf('Running')).getByTestId('last-crawl');
    expect(running).toHaveTextContent('Running');
    expect(within(running).getByTestId('last-crawl-progress')).toHaveTextContent('42%');
    expect(running).toHaveTextContent('4 / 10 pages');
    expect(within(await rowOf('Done')).getByTestId('last-crawl')).toHaveTextContent('Completed');
    const broken = within(await rowOf('Broken')).getByTestId('last-crawl');
    expect(broken).toHaveTextContent('Failed');
    expect(within(broken).getByTestId('last-crawl-reason')).toHaveTextContent('The site could not be reached: host not found');
    expect(broken).not.toHaveTextContent('ERR_NAME_NOT_RESOLVED');
    expect(within(await rowOf('Stopped')).getByTestId('last-crawl')).toHaveTextContent('Cancelled');

    await user.click(screen.getByRole('link', { name: 'Last crawl of Broken: failed' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/crawls/crawl-failed');
  });

  it('polls the list while a crawl is going and until it is assessed, so its state and grade show without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: CrawlJob['status'] = 'running';
    let completionTime: string | null = null;
    let assessed: Partial<VendorListItem> = {};
    const { requests } = mockFetch({
      'GET /api/vendors': () => ({
        body: vendorPage([{ ...listItem('Alpha', alpha.id, lastCrawl(status, { progress: 50, completionTime })), ...assessed }]),
      }),
    });
    renderRoutes();
    const row = async () => within(await screen.findByTestId('vendor-row'));
    const state = async () => (await row()).getByTestId('last-crawl');

    expect(await state()).toHaveAttribute('data-status', 'running');
    // Completed: the assessment comes moments later, so the list keeps asking.
    status = 'completed';
    completionTime = new Date().toISOString();
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS);
    await waitFor(async () => expect(await state()).toHaveAttribute('data-status', 'completed'));
    assessed = { grade: 'B', rate: 80, label: 'Partially Compliant', lastAssessedAt: new Date(Date.now() + 1000).toISOString() };
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS);
    await waitFor(async () => expect((await row()).getByTestId('vendor-grade')).toHaveTextContent('B'));
    const asked = requests().filter((r) => r.path === '/api/vendors').length;
    await vi.advanceTimersByTimeAsync(CRAWL_JOB_POLL_MS * 3);
    expect(requests().filter((r) => r.path === '/api/vendors')).toHaveLength(asked);
  });

  it('says on the API method, before Start, that no API key is configured, with the way to Settings', async () => {
    const { requests } = mockFetch({
      'GET /api/vendors': { body: vendorPage([alpha]) },
      'GET /api/crawler-configs': { body: [] },
    });
    const { user } = renderRoutes();
    const dialog = await openDialog(user);
    // Nothing is asked about configurations until the API method is chosen.
    expect(requests().some((r) => r.path === '/api/crawler-configs')).toBe(false);

    await user.click(within(dialog).getByLabelText('API'));

    const missing = await within(dialog).findByTestId('api-key-missing');
    expect(missing).toHaveTextContent(MESSAGES.crawls.apiKeyRequiredForApiMethod);
    await user.click(within(missing).getByRole('link', { name: 'Open Settings' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/settings');
  });

  it('names the active configuration on the API method when one is set', async () => {
    const config: CrawlerConfig = {
      id: 'c1',
      name: 'Local bee',
      type: 'scrapingbee',
      apiKeyMasked: '••••5678',
      apiEndpoint: 'https://app.scrapingbee.com/api/v1',
      options: {},
      isActive: true,
      createdAt: '2025-01-01T00:00:00Z',
      updatedAt: '2025-01-01T00:00:00Z',
    };
    mockFetch({ 'GET /api/vendors': { body: vendorPage([alpha]) }, 'GET /api/crawler-configs': { body: [config] } });
    const { user } = renderRoutes();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByLabelText('API'));

    expect(await within(dialog).findByTestId('api-key-configured')).toHaveTextContent('Local bee');
    expect(within(dialog).queryByTestId('api-key-missing')).not.toBeInTheDocument();
  });
});
