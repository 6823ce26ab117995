import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NO_PROGRAMME, NOT_REVIEWED, VENDOR_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import CrawlerRoute from './crawler';

describe('the crawler page', () => {
  it('names its vendor in the title, so the settings say whose they are', async () => {
    mockFetch({
      [`GET /api/vendors/${VENDOR_ID}`]: {
        body: {
          id: VENDOR_ID,
          name: 'Acme Widgets',
          url: 'https://acme.example',
          description: '',
          createdAt: '2025-01-01T00:00:00Z',
          updatedAt: '2025-01-01T00:00:00Z',
          domains: [],
          primaryDomain: 'acme.example',
          dkimSelectors: [],
          ...NO_PROGRAMME,
          review: NOT_REVIEWED,
        },
      },
      [`GET /api/vendors/${VENDOR_ID}/crawler-settings`]: {
        body: {
          vendorId: VENDOR_ID,
          saved: false,
          maxPages: 100,
          crawlDelay: 2000,
          startUrls: [],
          allowedDomains: [],
          excludePatterns: [],
          keepQueryParams: [],
          ignoreSelectors: [],
          ignoreTextPatterns: [],
        },
      },
      'GET /api/crawls/status': { body: [] },
    });
    renderWithProviders(
      <Routes>
        <Route path="/crawler/:vendorId" element={<CrawlerRoute />} />
      </Routes>,
      { initialEntries: [`/crawler/${VENDOR_ID}`] },
    );
    expect(await screen.findByRole('heading', { name: 'Crawler: Acme Widgets' })).toBeInTheDocument();
  });
});
