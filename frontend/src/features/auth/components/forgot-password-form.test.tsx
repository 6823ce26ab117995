import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { ForgotPasswordForm } from './forgot-password-form';

beforeAll(() => {
  // supabase-js runs for real; only its HTTP calls are answered by mockFetch.
  initSupabase({ supabaseUrl: null, supabaseAnonKey: 'test-anon-key', authEmails: 'sent' });
});

describe('ForgotPasswordForm', () => {
  it('asks for a valid address before calling the server', async () => {
    const { requests } = mockFetch({});
    const { user } = renderWithProviders(<ForgotPasswordForm />, { initialEntries: ['/forgot-password'] });
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.auth.invalidEmail)).toBeInTheDocument();
    expect(requests()).toHaveLength(0);
  });

  it('sends the reset request with a link back to the reset page, and says so without telling whether the account exists', async () => {
    const { requests } = mockFetch({ 'POST /auth/v1/recover': { body: {} } });
    const { user } = renderWithProviders(<ForgotPasswordForm />, { initialEntries: ['/forgot-password'] });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(MESSAGES.auth.recoverySent)).toBeInTheDocument();
    const [recover] = requests();
    expect(recover).toMatchObject({ method: 'POST', path: '/auth/v1/recover', body: { email: 'ann@example.com' } });
    expect(new URLSearchParams(recover?.search).get('redirect_to')).toBe(`${window.location.origin}/reset-password`);
  });
});
