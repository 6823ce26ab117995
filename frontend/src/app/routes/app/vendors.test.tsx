import { DEFAULT_PUPPETEER_SETTINGS, formatMessage, MESSAGES, type CrawlJob, type Vendor } from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CrawlJobWatchProvider } from '@/features/crawl-jobs/components/crawl-job-watch-provider';
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
  creditsUsed: 0,
  error: null,
  settings: {},
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
    mockFetch({ 'GET /api/vendors': { body: [alpha] } });
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
      'GET /api/vendors': { body: [alpha] },
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
      settings: { ...DEFAULT_PUPPETEER_SETTINGS, useProxy: true },
    });

    accept({ status: 201, body: job('queued') });

    expect(await screen.findByText(MESSAGES.crawls.started)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(formatMessage.crawlCompleted('Alpha'))).toBeInTheDocument();
    expect(requests().filter((r) => r.path === '/api/crawls/job-1')).toHaveLength(1);
  });

  it('sends the chosen method with its settings for HTTP', async () => {
    const { requests } = mockFetch({
      'GET /api/vendors': { body: [alpha] },
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
      settings: DEFAULT_PUPPETEER_SETTINGS,
    });
  });

  it("shows 'HTTP error! status: {code}' and the server's reason in the dialog, which stays open", async () => {
    mockFetch({
      'GET /api/vendors': { body: [alpha] },
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
      'GET /api/vendors': { body: [alpha] },
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

  it("announces 'Crawl failed for {vendor}' with the job's reason", async () => {
    mockFetch({
      'GET /api/vendors': { body: [alpha] },
      'POST /api/crawls': { status: 201, body: job('queued') },
      'GET /api/crawls/job-1': { body: job('failed', { error: 'net::ERR_NAME_NOT_RESOLVED' }) },
    });
    const { user } = renderScreen();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Start Crawl' }));

    expect(await screen.findByText(formatMessage.crawlFailed('Alpha'))).toBeInTheDocument();
    expect(screen.getByText('net::ERR_NAME_NOT_RESOLVED')).toBeInTheDocument();
    expect(screen.queryByText(formatMessage.crawlCompleted('Alpha'))).not.toBeInTheDocument();
  });

  it('links each vendor to its crawler page', async () => {
    mockFetch({ 'GET /api/vendors': { body: [alpha] } });
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
      'GET /api/vendors': { body: [alpha, beta] },
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
    await waitFor(async () =>
      expect(within(await rowOf('Alpha')).getByTestId('next-run')).toHaveTextContent(new Date(nextRunAt).toLocaleString()),
    );
    expect(within(await rowOf('Beta')).getByTestId('next-run')).toHaveTextContent('—');
    expect(within(await rowOf('Alpha')).getByRole('link', { name: 'Alpha' })).toHaveAttribute('href', `/vendors/${alpha.id}`);

    const toggle = screen.getByRole('switch', { name: 'Pause all schedules' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(async () => expect(within(await rowOf('Alpha')).getByTestId('next-run')).toHaveTextContent('Paused'));
  });
});
