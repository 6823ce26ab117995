import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { vendorListItem } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/test-utils';
import { VendorStanding } from './vendor-standing';

describe('VendorStanding (the top of the vendor page)', () => {
  it('opens with the current grade, rate, label and last assessment, linking to its report', () => {
    renderWithProviders(
      <VendorStanding
        vendor={vendorListItem({
          grade: 'D',
          rate: 64.5,
          label: 'Non-Compliant',
          vulnerableLibraries: 3,
          lastAssessedAt: '2026-05-01T08:00:00Z',
          compliance: { reportId: 'r-1', rate: 64.5, label: 'Non-Compliant' },
        })}
      />,
    );
    expect(screen.getByTestId('vendor-standing-grade')).toHaveTextContent('D');
    expect(screen.getByLabelText('Grade D')).toBeInTheDocument();
    expect(screen.getByTestId('vendor-standing-rate')).toHaveTextContent('64.5%');
    expect(screen.getByText('Non-Compliant')).toBeInTheDocument();
    expect(screen.getByTestId('vendor-standing-assessed')).toHaveTextContent(new Date('2026-05-01T08:00:00Z').toLocaleString());
    expect(screen.getByRole('link', { name: 'View report' })).toHaveAttribute('href', '/reports/r-1');
  });

  it('says the vendor is not assessed yet before its first completed crawl', () => {
    renderWithProviders(<VendorStanding vendor={vendorListItem()} />);
    expect(screen.getByTestId('vendor-standing')).toHaveTextContent('Not assessed yet');
  });
});
