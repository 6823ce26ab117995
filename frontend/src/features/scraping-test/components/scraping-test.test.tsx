import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { ConnectionTestPanel } from './connection-test-panel';
import { ScrapePanel } from './scrape-panel';

describe('Scraping API test page', () => {
  it("reads 'Not tested', then 'Connected' with the credits left", async () => {
    mockFetch({
      'GET /api/scrapingbee/test': {
        body: { success: true, message: MESSAGES.crawlerConfigs.connectionSuccessful, credits: 960 },
      },
    });
    const { user } = renderWithProviders(<ConnectionTestPanel />);

    expect(screen.getByTestId('proxy-status')).toHaveTextContent('Not tested');
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));

    expect(await screen.findByTestId('proxy-test-credits')).toHaveTextContent('960');
    expect(screen.getByTestId('proxy-status')).toHaveTextContent('Connected');
  });

  it("reads 'Failed' when the proxy could not reach the API", async () => {
    const message = `${MESSAGES.scraping.apiKeyNotConfigured}. ${MESSAGES.scraping.addApiKeyInSettings}`;
    mockFetch({ 'GET /api/scrapingbee/test': { body: { success: false, message, credits: null } } });
    const { user } = renderWithProviders(<ConnectionTestPanel />);

    await user.click(screen.getByRole('button', { name: 'Test Connection' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('proxy-status')).toHaveTextContent('Failed');
  });

  it('starts with a sample site in the URL field and scrapes it as it is', async () => {
    const { requests } = mockFetch({
      'POST /api/scrapingbee/scrape': {
        body: { success: true, message: 'Scraped https://example.com', pageSource: '<html></html>', credits: 1 },
      },
    });
    const { user } = renderWithProviders(<ScrapePanel />);

    expect(screen.getByLabelText('URL')).toHaveValue('https://example.com');
    await user.click(screen.getByRole('button', { name: 'Scrape' }));

    expect(await screen.findByText('Scraped https://example.com')).toBeInTheDocument();
    expect(requests()[0]?.body).toEqual({ url: 'https://example.com', render_js: false });
  });

  it("asks 'Please enter a URL to scrape' for an empty field and sends nothing", async () => {
    const { requests } = mockFetch({});
    const { user } = renderWithProviders(<ScrapePanel />);

    await user.clear(screen.getByLabelText('URL'));

    await user.click(screen.getByRole('button', { name: 'Scrape' }));

    expect(await screen.findByText(MESSAGES.scraping.enterUrlToScrape)).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('scrapes without JavaScript and shows or hides the HTML as text', async () => {
    const html = '<html><body><script>alert(1)</script><h1>Acme</h1></body></html>';
    const { requests } = mockFetch({
      'POST /api/scrapingbee/scrape': {
        body: { success: true, message: 'Scraped https://acme.example', pageSource: html, credits: 1 },
      },
    });
    const { user } = renderWithProviders(<ScrapePanel />);

    await user.clear(screen.getByLabelText('URL'));
    await user.type(screen.getByLabelText('URL'), 'https://acme.example');
    await user.click(screen.getByRole('button', { name: 'Scrape' }));

    expect(await screen.findByText('Scraped https://acme.example')).toBeInTheDocument();
    expect(requests()[0]?.body).toEqual({ url: 'https://acme.example', render_js: false });
    expect(screen.queryByTestId('scrape-html')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show HTML' }));
    expect(screen.getByTestId('scrape-html')).toHaveTextContent(html);
    expect(screen.queryByRole('heading', { name: 'Acme' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide HTML' }));
    expect(screen.queryByTestId('scrape-html')).not.toBeInTheDocument();
  });
});
