import {
  formatMessage,
  MESSAGES,
  SCRAPINGBEE_DEFAULT_ENDPOINT,
  type ConnectionTestResult,
  type CrawlerConfig,
} from '@vendorwatch/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlerConfigs } from './crawler-configs';

const config = (id: string, name: string, extra: Partial<CrawlerConfig> = {}): CrawlerConfig => ({
  id,
  name,
  type: 'scrapingbee',
  apiKeyMasked: '••••1234',
  apiEndpoint: SCRAPINGBEE_DEFAULT_ENDPOINT,
  options: {},
  isActive: false,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...extra,
});

const testUrl = {
  encoded: 'https://app.scrapingbee.com/api/v1/usage?api_key=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A21234',
  decoded: 'https://app.scrapingbee.com/api/v1/usage?api_key=••••1234',
};

describe('Settings: crawler configurations', () => {
  it("says 'No active crawler configuration' when there is none, and that this is fine unless a scraping service is wanted", async () => {
    mockFetch({ 'GET /api/crawler-configs': { body: [] } });
    renderWithProviders(<CrawlerConfigs />);

    expect(await screen.findByText(MESSAGES.crawlerConfigs.noActiveConfiguration)).toBeInTheDocument();
    expect(screen.getByTestId('no-active-config-explained')).toHaveTextContent(
      MESSAGES.crawlerConfigs.noActiveConfigurationExplained,
    );
    expect(screen.queryAllByTestId('crawler-config-row')).toHaveLength(0);
  });

  it('shows the active configuration and a row per configuration', async () => {
    mockFetch({
      'GET /api/crawler-configs': {
        body: [
          config('c1', 'Main', { isActive: true }),
          config('c2', 'Backup', { type: 'custom', apiEndpoint: 'https://scraper.example/api' }),
        ],
      },
    });
    renderWithProviders(<CrawlerConfigs />);

    const active = await screen.findByTestId('active-crawler-config');
    expect(active).toHaveTextContent('Main');
    expect(active).toHaveTextContent('ScrapingBee');
    expect(active).toHaveTextContent(SCRAPINGBEE_DEFAULT_ENDPOINT);
    const [main, backup] = screen.getAllByTestId('crawler-config-row');
    expect(within(main!).getByText('Active')).toBeInTheDocument();
    expect(within(main!).queryByRole('button', { name: 'Set Main active' })).not.toBeInTheDocument();
    expect(within(backup!).getByRole('button', { name: 'Set Backup active' })).toBeInTheDocument();
    expect(within(backup!).getByText('Custom')).toBeInTheDocument();
    expect(within(backup!).getByText('https://scraper.example/api')).toBeInTheDocument();
  });

  it("toasts 'Failed to load configurations: {reason}'", async () => {
    mockFetch({ 'GET /api/crawler-configs': { status: 500, body: { statusCode: 500, message: 'Database unavailable' } } });
    renderWithProviders(<CrawlerConfigs />);

    expect(await screen.findByText(formatMessage.loadConfigsFailed('Database unavailable'))).toBeInTheDocument();
  });

  it('adds a configuration with the key trimmed, then lists it', async () => {
    let stored: CrawlerConfig[] = [];
    const { requests } = mockFetch({
      'GET /api/crawler-configs': () => ({ body: stored }),
      'POST /api/crawler-configs': ({ body }: MockRequest) => {
        stored = [config('c1', (body as { name: string }).name, { isActive: true })];
        return { status: 201, body: stored[0] };
      },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Add Crawler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crawler' });
    expect(within(dialog).getByLabelText(/^Type/)).toHaveValue('scrapingbee');
    expect(within(dialog).getByLabelText(/^Endpoint/)).toHaveValue(SCRAPINGBEE_DEFAULT_ENDPOINT);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Main');
    await user.type(within(dialog).getByLabelText(/^API Key/), '  secret-key-1234  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.crawlerConfigs.saved)).toBeInTheDocument();
    expect(requests().find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Main',
      type: 'scrapingbee',
      apiKey: 'secret-key-1234',
      apiEndpoint: SCRAPINGBEE_DEFAULT_ENDPOINT,
      options: {},
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('crawler-config-row')).toHaveTextContent('Main');
    expect(screen.getByTestId('active-crawler-config')).toHaveTextContent('Main');
  });

  it('requires name and key before saving, and sends nothing', async () => {
    const { requests } = mockFetch({ 'GET /api/crawler-configs': { body: [] } });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Add Crawler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crawler' });
    await user.clear(within(dialog).getByLabelText(/^Endpoint/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText(MESSAGES.crawlerConfigs.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.crawlerConfigs.apiKeyEmpty)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.crawlerConfigs.endpointRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
    expect(requests().filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('edits a configuration keeping the stored key when the field is left blank', async () => {
    const { requests } = mockFetch({
      'GET /api/crawler-configs': { body: [config('c1', 'Main', { isActive: true })] },
      'PUT /api/crawler-configs/c1': ({ body }: MockRequest) => ({ body: config('c1', (body as { name: string }).name) }),
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Edit Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Crawler' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Main');
    expect(within(dialog).getByLabelText(/^API Key/)).toHaveValue('');
    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Primary');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.crawlerConfigs.saved)).toBeInTheDocument();
    expect(requests().find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Primary',
      type: 'scrapingbee',
      apiEndpoint: SCRAPINGBEE_DEFAULT_ENDPOINT,
    });
  });

  it("toasts 'Failed to save configuration: {reason}' and keeps the modal open", async () => {
    mockFetch({
      'GET /api/crawler-configs': { body: [] },
      'POST /api/crawler-configs': { status: 500, body: { statusCode: 500, message: 'Encryption key missing' } },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Add Crawler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crawler' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Main');
    await user.type(within(dialog).getByLabelText(/^API Key/), 'key');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(formatMessage.saveConfigFailed('Encryption key missing'))).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Crawler' })).toBeInTheDocument();
  });

  it('tests the connection from the modal: result, credits, and both test URLs with copy buttons', async () => {
    const result: ConnectionTestResult = {
      success: true,
      message: MESSAGES.crawlerConfigs.connectionSuccessful,
      credits: { max: 1000, used: 40, remaining: 960 },
      testUrl,
    };
    const { requests } = mockFetch({
      'GET /api/crawler-configs': { body: [] },
      'POST /api/crawler-configs/test': { body: result },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Add Crawler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crawler' });
    await user.type(within(dialog).getByLabelText(/^API Key/), ' key-1234 ');
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));

    const shown = await within(dialog).findByTestId('connection-test-result');
    expect(requests().find((r) => r.path === '/api/crawler-configs/test')?.body).toEqual({
      apiKey: 'key-1234',
      apiEndpoint: SCRAPINGBEE_DEFAULT_ENDPOINT,
    });
    expect(shown).toHaveTextContent('960 remaining of 1000 (40 used)');
    expect(within(shown).getByText(testUrl.encoded)).toBeInTheDocument();
    expect(within(shown).getByText(testUrl.decoded)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy encoded test url' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy decoded test url' })).toBeInTheDocument();
    // The toast and the result both say it.
    expect(screen.getAllByText(MESSAGES.crawlerConfigs.connectionSuccessful).length).toBeGreaterThanOrEqual(2);
  });

  it("asks for a key before testing a new configuration, and toasts 'Test failed: {reason}' for a refused one", async () => {
    const { requests } = mockFetch({
      'GET /api/crawler-configs': { body: [] },
      'POST /api/crawler-configs/test': {
        body: { success: false, message: formatMessage.connectionTestFailed('Invalid API key'), credits: null, testUrl },
      },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Add Crawler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crawler' });
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    expect(await within(dialog).findByText(MESSAGES.crawlerConfigs.apiKeyRequiredForTesting)).toBeInTheDocument();
    expect(requests().some((r) => r.path === '/api/crawler-configs/test')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^API Key/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    expect(
      await screen.findByText(formatMessage.testFailed(formatMessage.connectionTestFailed('Invalid API key'))),
    ).toBeInTheDocument();
  });

  it("says 'API key cannot be empty' when testing a key of only spaces, and sends nothing", async () => {
    const { requests } = mockFetch({ 'GET /api/crawler-configs': { body: [] } });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Add Crawler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Crawler' });
    await user.type(within(dialog).getByLabelText(/^API Key/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));

    expect(await within(dialog).findByText(MESSAGES.crawlerConfigs.apiKeyEmpty)).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.crawlerConfigs.apiKeyRequiredForTesting)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^API Key/)).toHaveFocus();
    expect(requests().some((r) => r.path === '/api/crawler-configs/test')).toBe(false);
  });

  it("asks 'This action cannot be undone.' before deleting, then deletes", async () => {
    let stored = [config('c1', 'Main', { isActive: true })];
    const { requests } = mockFetch({
      'GET /api/crawler-configs': () => ({ body: stored }),
      'DELETE /api/crawler-configs/c1': () => {
        stored = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Delete Main' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Configuration' });
    expect(within(dialog).getByText(MESSAGES.crawlerConfigs.deleteCannotBeUndone)).toBeInTheDocument();
    expect(requests().some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(MESSAGES.crawlerConfigs.deleted)).toBeInTheDocument();
    expect(requests().filter((r) => r.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/crawler-configs/c1' }),
    ]);
    // It was the active one: the card says so no more.
    expect(await screen.findByText(MESSAGES.crawlerConfigs.noActiveConfiguration)).toBeInTheDocument();
  });

  it("toasts 'Failed to delete configuration: {reason}'", async () => {
    mockFetch({
      'GET /api/crawler-configs': { body: [config('c1', 'Main')] },
      'DELETE /api/crawler-configs/c1': { status: 404, body: { statusCode: 404, message: 'Configuration not found' } },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Delete Main' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(formatMessage.deleteConfigFailed('Configuration not found'))).toBeInTheDocument();
  });

  it("sets a configuration active and toasts '{name} set as active configuration'", async () => {
    let stored = [config('c1', 'Main', { isActive: true }), config('c2', 'Backup')];
    const { requests } = mockFetch({
      'GET /api/crawler-configs': () => ({ body: stored }),
      'POST /api/crawler-configs/c2/activate': () => {
        stored = [config('c1', 'Main'), config('c2', 'Backup', { isActive: true })];
        return { body: stored[1] };
      },
    });
    const { user } = renderWithProviders(<CrawlerConfigs />);

    await user.click(await screen.findByRole('button', { name: 'Set Backup active' }));

    expect(await screen.findByText(formatMessage.setActive('Backup'))).toBeInTheDocument();
    expect(requests().some((r) => r.method === 'POST' && r.path === '/api/crawler-configs/c2/activate')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('active-crawler-config')).toHaveTextContent('Backup'));
    expect(screen.getByRole('button', { name: 'Set Main active' })).toBeInTheDocument();
  });
});
