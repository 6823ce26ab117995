import type { VendorInventorySummary } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { PortfolioVendors } from './portfolio-vendors';

const summary = (vendorName: string, letter: 'A' | 'F' | null, vulnerableLibraries = 0): VendorInventorySummary => ({
  vendorId: `${vendorName.toLowerCase()}-id`,
  vendorName,
  jobId: '00000000-0000-4000-8000-000000000001',
  crawlCompletedAt: '2026-01-01T00:00:00Z',
  overallGrade: { letter, score: letter ? 50 : null, checksCounted: 4, cappedBy: null },
  vulnerableLibraries,
  topThirdParties: ['Google Analytics'],
});

describe('PortfolioVendors', () => {
  it('lists the assessed vendors with their grades, worst first, each opening its page', async () => {
    mockFetch({
      'GET /api/portfolio/vendors': { body: [summary('Acme', 'A'), summary('Globex', 'F', 1), summary('Initech', null)] },
    });
    renderWithProviders(<PortfolioVendors />);
    const rows = await screen.findAllByTestId('portfolio-vendor');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Globex', 'Acme', 'Initech']);
    expect(within(rows[0]!).getByLabelText('Globex: grade F')).toHaveTextContent('F');
    expect(rows[0]).toHaveTextContent('1 vulnerable library');
    expect(within(rows[2]!).getByLabelText('Initech: grade not graded')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/vendors/acme-id');
    expect(screen.getByText('3 vendors with an assessed crawl')).toBeInTheDocument();
  });
});
