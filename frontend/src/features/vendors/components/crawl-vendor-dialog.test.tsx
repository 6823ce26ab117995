import { MESSAGES, type Vendor } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VENDOR_ID, NO_PROGRAMME } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { CrawlVendorDialog } from './crawl-vendor-dialog';

const vendor = (url: string) =>
  ({
    id: VENDOR_ID,
    name: 'Alpha',
    url,
    description: '',
    domains: [],
    primaryDomain: null,
    dkimSelectors: [],
    ...NO_PROGRAMME,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  }) as Vendor;

describe('Configure Crawl for a vendor saved without a URL', () => {
  it('says there is no website address to crawl and to edit the vendor, and starts nothing', () => {
    const onStart = vi.fn(() => Promise.resolve());
    renderWithProviders(<CrawlVendorDialog vendor={vendor('')} opened onClose={() => {}} onStart={onStart} />);
    expect(screen.getByTestId('crawl-no-address')).toHaveTextContent(MESSAGES.crawls.noWebsiteAddress);
    expect(screen.getByRole('button', { name: 'Start Crawl' })).toBeDisabled();
  });

  it('offers Start Crawl for a vendor with an address', () => {
    renderWithProviders(
      <CrawlVendorDialog vendor={vendor('https://alpha.example/')} opened onClose={() => {}} onStart={vi.fn()} />,
    );
    expect(screen.queryByTestId('crawl-no-address')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Crawl' })).toBeEnabled();
  });
});
