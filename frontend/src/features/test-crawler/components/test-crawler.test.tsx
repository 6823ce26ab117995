import { DEFAULT_CRAWL_RUN_SETTINGS, MESSAGES, type TestCrawlResult } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockResponse } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { TestCrawler } from './test-crawler';

const SCREENSHOT = 'data:image/png;base64,iVBORw0KGgo=';

const result = (extra: Partial<TestCrawlResult['data']> = {}): TestCrawlResult => ({
  screenshot: SCREENSHOT,
  data: {
    url: 'https://acme.example',
    finalUrl: 'https://acme.example/',
    statusCode: 200,
    title: 'Acme Anvils',
    description: 'Anvils, rockets and tunnels',
    responseTimeMs: 321,
    links: ['https://acme.example/about', 'https://acme.example/contact'],
    headers: { 'content-type': 'text/html', 'strict-transport-security': 'max-age=63072000' },
    error: null,
    ...extra,
  },
});

const urlField = () => screen.getByLabelText(/^URL/);

describe('TestCrawler', () => {
  it.each([[''], ['acme.example'], ['ftp://acme.example']])(
    "says 'Please enter a valid URL' for %j and sends nothing",
    async (input) => {
      const { requests } = mockFetch({});
      const { user } = renderWithProviders(<TestCrawler />);

      if (input) await user.type(urlField(), input);
      await user.click(screen.getByRole('button', { name: 'Start Test' }));

      expect(await screen.findByText(MESSAGES.crawls.enterValidUrl)).toBeInTheDocument();
      expect(urlField()).toHaveFocus();
      expect(requests()).toHaveLength(0);
      expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Idle');
    },
  );

  it('runs a test with a progress bar, then shows the screenshot and the page data', async () => {
    let answer: (response: MockResponse) => void = () => {};
    const { requests } = mockFetch({
      'POST /api/crawls/test': () => new Promise<MockResponse>((resolve) => (answer = resolve)),
    });
    const { user } = renderWithProviders(<TestCrawler />);

    await user.click(screen.getByRole('switch', { name: 'Take screenshots' }));
    await user.click(screen.getByRole('switch', { name: 'Take screenshots' }));
    await user.type(urlField(), '  https://acme.example  ');
    await user.click(screen.getByRole('button', { name: 'Start Test' }));

    expect(await screen.findByTestId('test-crawler-progress')).toBeInTheDocument();
    expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Running');
    expect(screen.getByRole('button', { name: 'Start Test' })).toBeDisabled();
    expect(requests()[0]?.body).toEqual({
      url: 'https://acme.example',
      method: 'puppeteer',
      settings: DEFAULT_CRAWL_RUN_SETTINGS,
    });

    answer({ body: result() });

    expect(await screen.findByRole('img', { name: 'Screenshot' })).toHaveAttribute('src', SCREENSHOT);
    expect(screen.queryByTestId('test-crawler-progress')).not.toBeInTheDocument();
    expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Completed');
    const shown = screen.getByTestId('test-crawl-result');
    expect(within(shown).getByText('Acme Anvils')).toBeInTheDocument();
    expect(within(shown).getByText('Anvils, rockets and tunnels')).toBeInTheDocument();
    expect(within(shown).getByText('200')).toBeInTheDocument();
    expect(within(shown).getByText('321 ms')).toBeInTheDocument();
    expect(within(shown).getByText('Links (2)')).toBeInTheDocument();
    expect(within(shown).getByRole('link', { name: 'https://acme.example/contact' })).toBeInTheDocument();
    expect(within(shown).getByRole('rowheader', { name: 'strict-transport-security' })).toBeInTheDocument();
    expect(within(shown).getByText('max-age=63072000')).toBeInTheDocument();
  });

  it('sends the chosen method and hides the Puppeteer settings for other methods', async () => {
    const { requests } = mockFetch({ 'POST /api/crawls/test': { body: result({ links: [] }) } });
    const { user } = renderWithProviders(<TestCrawler />);

    await user.click(screen.getByLabelText('HTTP'));
    expect(screen.queryByTestId('puppeteer-settings')).not.toBeInTheDocument();
    await user.type(urlField(), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Start Test' }));

    expect(await screen.findByText('No links found.')).toBeInTheDocument();
    expect(requests()[0]?.body).toMatchObject({ method: 'http' });
  });

  it("turns to Failed with 'Test crawl failed' and the reason", async () => {
    mockFetch({ 'POST /api/crawls/test': { status: 502, body: { statusCode: 502, message: 'Browser crashed' } } });
    const { user } = renderWithProviders(<TestCrawler />);

    await user.type(urlField(), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Start Test' }));

    const error = await screen.findByTestId('test-crawler-error');
    expect(error).toHaveTextContent(MESSAGES.crawls.testCrawlFailed);
    expect(error).toHaveTextContent('Browser crashed');
    expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Failed');
  });

  it("says 'Could not connect to the crawler service' when the server cannot be reached, after 3 more tries", async () => {
    const { requests } = mockFetch({
      'POST /api/crawls/test': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderWithProviders(<TestCrawler />);

    await user.type(urlField(), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Start Test' }));

    const error = await screen.findByTestId('test-crawler-error');
    expect(requests()).toHaveLength(4);
    expect(error).toHaveTextContent(MESSAGES.crawls.testCrawlFailed);
    expect(error).toHaveTextContent(MESSAGES.crawls.couldNotConnect);
    expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Failed');
  });

  it('tries a test again a second later while no worker can take it (503), then shows the result', async () => {
    let calls = 0;
    const { requests } = mockFetch({
      'POST /api/crawls/test': () =>
        ++calls < 3 ? { status: 503, body: { statusCode: 503, message: MESSAGES.crawls.degraded } } : { body: result() },
    });
    const { user } = renderWithProviders(<TestCrawler />);

    await user.type(urlField(), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Start Test' }));

    expect(await screen.findByText('Acme Anvils')).toBeInTheDocument();
    expect(requests()).toHaveLength(3);
    expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Completed');
    expect(screen.queryByTestId('test-crawler-error')).not.toBeInTheDocument();
  });

  it('counts a page that could not be loaded as failed, and still shows what came back', async () => {
    mockFetch({
      'POST /api/crawls/test': {
        body: { ...result({ statusCode: null, title: null, error: 'net::ERR_CONNECTION_REFUSED' }), screenshot: null },
      },
    });
    const { user } = renderWithProviders(<TestCrawler />);

    await user.type(urlField(), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Start Test' }));

    expect(await screen.findByText('net::ERR_CONNECTION_REFUSED')).toBeInTheDocument();
    expect(screen.getByTestId('test-crawler-status')).toHaveTextContent('Failed');
    expect(screen.queryByRole('img', { name: 'Screenshot' })).not.toBeInTheDocument();
  });
});
