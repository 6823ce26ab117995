import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import MethodologyRoute from './methodology';

describe('the Methodology page', () => {
  it('renders the published method: headings, prose and its tables as tables, nothing of the source shown', () => {
    renderWithProviders(<MethodologyRoute />);
    expect(screen.getByRole('heading', { name: 'How Vendorwatch grades a vendor' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What counts' })).toBeInTheDocument();
    const page = screen.getByTestId('methodology');
    expect(page).toHaveTextContent('could not be checked');

    const weights = screen.getByRole('table', { name: 'Severity, Weight' });
    expect(within(weights).getByRole('columnheader', { name: 'Weight' })).toBeInTheDocument();
    expect(within(weights).getByRole('row', { name: 'critical 10' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Check, Title, Category/ })).toHaveTextContent('Every page is served over HTTPS');

    // No Markdown syntax, HTML comment or code path reaches the reader.
    for (const source of ['| ---', '<!--', 'do not edit by hand', 'packages/', '**', 'npm run'])
      expect(page).not.toHaveTextContent(source);
    // Review statuses in the words the vendor page shows, not their codes.
    const statuses = screen.getByRole('table', { name: 'Status, When (checked in this order)' });
    expect(within(statuses).getByRole('row', { name: 'Not reviewed the vendor has never been reviewed' })).toBeInTheDocument();
    for (const code of ['due_now', 'not_reviewed', 'due_soon', 'up_to_date']) expect(page).not.toHaveTextContent(code);
  });

  it('on a phone, each table row is a card: nothing runs off the side', () => {
    mockPhoneScreen();
    renderWithProviders(<MethodologyRoute />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const letters = screen.getByRole('list', { name: 'Letter, Score at least' });
    expect(within(letters).getAllByRole('listitem')[0]).toHaveTextContent(/Letter\s*A\s*Score at least\s*90/);
  });
});
