import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import ScrapingApiRoute from './scraping-api';
import SettingsRoute from './settings';

describe('Scraping API page', () => {
  it('shows the scraping service configurations under their own heading, with Add Crawler', async () => {
    mockFetch({ 'GET /api/crawler-configs': { body: [] } });
    renderWithProviders(<ScrapingApiRoute />);

    expect(screen.getByRole('heading', { name: 'Scraping API' })).toBeInTheDocument();
    expect(screen.getByTestId('scraping-api-intro')).toHaveTextContent('A scraping service fetches vendor sites');
    expect(await screen.findByText(MESSAGES.crawlerConfigs.noActiveConfiguration)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Crawler/ })).toBeInTheDocument();
  });

  it('leaves the specification’s Settings screen as it was: Crawler Settings with the configurations', async () => {
    mockFetch({ 'GET /api/crawler-configs': { body: [] } });
    renderWithProviders(<SettingsRoute />);

    expect(screen.getByRole('heading', { name: 'Crawler Settings' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.crawlerConfigs.noActiveConfiguration)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Crawler/ })).toBeInTheDocument();
  });
});
