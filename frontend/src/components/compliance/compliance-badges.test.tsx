import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ComplianceLabelBadge, ComplianceRate } from './compliance-badges';

describe('compliance colours', () => {
  it.each([
    [100, 'green', 'Compliant'],
    [90, 'green', 'Compliant'],
    [89.9, 'yellow', 'Partially Compliant'],
    [70, 'yellow', 'Partially Compliant'],
    [69.9, 'red', 'Non-Compliant'],
    [0, 'red', 'Non-Compliant'],
  ])('%s %% is %s, %s', (rate, color, label) => {
    renderWithProviders(
      <>
        <ComplianceRate rate={rate} data-testid="rate" />
        <ComplianceLabelBadge rate={rate} data-testid="badge" />
      </>,
    );
    expect(screen.getByTestId('rate')).toHaveAttribute('data-color', color);
    expect(screen.getByTestId('rate')).toHaveTextContent(`${rate.toFixed(1)}%`);
    expect(screen.getByTestId('badge')).toHaveAttribute('data-color', color);
    expect(screen.getByTestId('badge')).toHaveTextContent(label);
  });

  it('shows a dash and no colour when there is no rate', () => {
    renderWithProviders(<ComplianceRate rate={null} data-testid="rate" />);
    expect(screen.getByTestId('rate')).toHaveTextContent('—');
    expect(screen.getByTestId('rate')).not.toHaveAttribute('data-color');
  });
});
