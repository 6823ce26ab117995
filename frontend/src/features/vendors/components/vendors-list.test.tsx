import { MESSAGES, type VendorListItem } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorsList } from './vendors-list';

const vendor = (id: string, name: string, extra: Partial<VendorListItem> = {}): VendorListItem => ({
  id,
  name,
  url: `https://${id}.example`,
  description: `${name} description`,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  domains: [],
  primaryDomain: null,
  dkimSelectors: [],
  compliance: null,
  lastCrawl: null,
  ...extra,
});

describe('VendorsList', () => {
  it("says 'No vendors found' for an empty list", async () => {
    mockFetch({ 'GET /api/vendors': { body: [] } });
    renderWithProviders(<VendorsList />);

    expect(screen.getByLabelText('Loading vendors')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.vendors.noneFound)).toBeInTheDocument();
    expect(screen.queryAllByTestId('vendor-row')).toHaveLength(0);
  });

  it('renders a row per vendor in the order the server gave, links opening in a new tab', async () => {
    mockFetch({
      'GET /api/vendors': { body: [vendor('b', 'Beta'), vendor('a', 'Alpha', { description: '' })] },
    });
    renderWithProviders(<VendorsList />);

    const rows = await screen.findAllByTestId('vendor-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Beta', 'Alpha']);

    const link = within(rows[0]!).getByRole('link', { name: 'https://b.example' });
    expect(link).toHaveAttribute('href', 'https://b.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(rows[0]!).getByText('Beta description')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Crawl Beta' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Alpha' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.vendors.noneFound)).not.toBeInTheDocument();
  });

  it("shows each vendor's latest compliance label in its colour, opening the report", async () => {
    mockFetch({
      'GET /api/vendors': {
        body: [
          vendor('a', 'Alpha', { compliance: { reportId: 'r-a', rate: 95, label: 'Compliant' } }),
          vendor('b', 'Beta', { compliance: { reportId: 'r-b', rate: 72.5, label: 'Partially Compliant' } }),
          vendor('c', 'Gamma', { compliance: { reportId: 'r-c', rate: 12, label: 'Non-Compliant' } }),
          vendor('d', 'Delta'),
        ],
      },
    });
    renderWithProviders(<VendorsList />);

    const rows = await screen.findAllByTestId('vendor-row');
    const badges = rows.slice(0, 3).map((row) => within(row).getByTestId('vendor-compliance'));
    expect(badges.map((badge) => [badge.textContent, badge.dataset.color])).toEqual([
      ['Compliant', 'green'],
      ['Partially Compliant', 'yellow'],
      ['Non-Compliant', 'red'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Alpha compliance report' })).toHaveAttribute('href', '/reports/r-a');
    expect(within(rows[3]!).getByTestId('vendor-compliance-none')).toHaveTextContent('—');
  });

  it('never turns a non-http URL into a link', async () => {
    mockFetch({ 'GET /api/vendors': { body: [vendor('x', 'Evil', { url: 'javascript:alert(1)' })] } });
    renderWithProviders(<VendorsList />);

    const row = await screen.findByTestId('vendor-row');
    expect(within(row).queryByRole('link', { name: 'javascript:alert(1)' })).not.toBeInTheDocument();
    // The only links left are the app's own vendor and crawler pages.
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/vendors/x', '/crawler/x']);
  });

  it("shows 'Failed to load vendors' with the server's reason", async () => {
    mockFetch({ 'GET /api/vendors': { status: 500, body: { statusCode: 500, message: 'Database unavailable' } } });
    renderWithProviders(<VendorsList />);

    const alert = await screen.findByTestId('vendors-error');
    expect(alert).toHaveTextContent(MESSAGES.vendors.loadFailed);
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('opens the Configure Crawl dialog with the method choice', async () => {
    mockFetch({ 'GET /api/vendors': { body: [vendor('a', 'Alpha')] } });
    const { user } = renderWithProviders(<VendorsList />);

    await user.click(await screen.findByRole('button', { name: 'Crawl Alpha' }));

    const dialog = await screen.findByRole('dialog', { name: 'Configure Crawl' });
    for (const method of ['Puppeteer', 'API', 'HTTP']) {
      expect(within(dialog).getByText(method)).toBeInTheDocument();
    }
    // Without onStartCrawl (the screen supplies it) there is nothing to start.
    expect(within(dialog).getByRole('button', { name: 'Start Crawl' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
