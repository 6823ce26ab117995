import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import MethodologyRoute from './methodology';

describe('the Methodology page', () => {
  it('renders the published method: what counts, and how scores map to letters', () => {
    renderWithProviders(<MethodologyRoute />);
    expect(screen.getByRole('heading', { name: 'How Vendorwatch grades a vendor' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What counts' })).toBeInTheDocument();
    expect(screen.getByTestId('methodology')).toHaveTextContent('could not be checked');
  });
});
