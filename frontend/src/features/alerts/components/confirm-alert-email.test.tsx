import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { ConfirmAlertEmail } from './confirm-alert-email';

describe('ConfirmAlertEmail', () => {
  it('spends the link only on a click, without a sign-in, and says the address is confirmed', async () => {
    const { requests } = mockFetch({
      'POST /api/alerts/confirm-email': { body: { email: 'boss@example.test' } },
    });
    const { user } = renderWithProviders(<ConfirmAlertEmail token="tok_123" />);
    expect(requests()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm this address' }));
    expect(await screen.findByTestId('alert-email-confirmed')).toHaveTextContent(
      'boss@example.test is confirmed: alerts will be sent there.',
    );
    const [request] = requests();
    expect(request).toMatchObject({ method: 'POST', body: { token: 'tok_123' } });
    expect(request!.headers.get('authorization')).toBeNull();
  });

  it('says when the link is no longer valid', async () => {
    mockFetch({
      'POST /api/alerts/confirm-email': { status: 400, body: { statusCode: 400, message: MESSAGES.alerts.confirmationInvalid } },
    });
    const { user } = renderWithProviders(<ConfirmAlertEmail token="old" />);
    await user.click(screen.getByRole('button', { name: 'Confirm this address' }));
    expect(await screen.findByTestId('alert-email-confirm-error')).toHaveTextContent(MESSAGES.alerts.confirmationInvalid);
  });
});
