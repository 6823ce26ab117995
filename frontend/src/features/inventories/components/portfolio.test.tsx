import type { PortfolioThirdParties } from '@vendorwatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { Portfolio } from './portfolio';

const portfolio: PortfolioThirdParties = {
  vendorsCounted: 3,
  parties: [
    {
      key: 'GA',
      name: 'Google Analytics',
      company: 'Google',
      category: 'analytics',
      tracker: true,
      vendorCount: 2,
      vendorShare: 66.7,
      vendors: [
        { vendorId: 'v1', vendorName: 'Acme' },
        { vendorId: 'v2', vendorName: 'Globex' },
      ],
    },
  ],
  trackingBeforeConsent: [
    {
      vendorId: 'v1',
      vendorName: 'Acme',
      parties: [{ key: 'GA', name: 'Google Analytics', company: 'Google', category: 'analytics' }],
    },
  ],
  consentUnknown: [],
};

describe('Portfolio', () => {
  it('shows concentration and trackers before consent, and asks again with the search text', async () => {
    const { requests } = mockFetch({ 'GET /api/portfolio/third-parties': { body: portfolio } });
    const { user } = renderWithProviders(<Portfolio />);
    expect(await screen.findByTestId('portfolio-party')).toHaveTextContent('Google Analytics');
    expect(screen.getByTestId('portfolio-party')).toHaveTextContent('2 (66.7 %)');
    expect(screen.getByTestId('portfolio-before-consent')).toHaveTextContent('Acme: Google Analytics');
    await user.type(screen.getByLabelText('Search'), 'goo');
    await waitFor(() => expect(requests().some((request) => request.search === '?q=goo')).toBe(true));
  });
});
