import { MESSAGES } from '@vendorwatch/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { LOADED_MACHINE } from '@/testing/wait';
import { CheckEmailNotice, RESEND_INTERVAL_SECONDS } from './check-email-notice';

beforeAll(() => {
  // supabase-js runs for real; only its HTTP calls are answered by mockFetch.
  initSupabase({ supabaseUrl: null, supabaseAnonKey: 'test-anon-key', authEmails: 'logged' });
});
afterEach(() => {
  vi.useRealTimers();
});

const publicConfig = (authEmails: string) => ({ body: { supabaseUrl: null, supabaseAnonKey: 'anon', authEmails } });

describe('CheckEmailNotice', () => {
  it('says the link is in the server log when no email server is configured in development', async () => {
    mockFetch({ 'GET /api/public-config': publicConfig('logged') });
    renderWithProviders(<CheckEmailNotice email="ann@example.com" />);
    expect(screen.getByText(MESSAGES.auth.checkEmail)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.auth.confirmationLinkLogged)).toBeInTheDocument();
  });

  it('gives no hint when the email was sent', async () => {
    const { requests } = mockFetch({ 'GET /api/public-config': publicConfig('sent') });
    renderWithProviders(<CheckEmailNotice email="ann@example.com" />);
    await vi.waitFor(() => expect(requests().some((r) => r.path === '/api/public-config')).toBe(true), LOADED_MACHINE);
    expect(screen.queryByTestId('check-email-hint')).not.toBeInTheDocument();
  });

  it('resends the confirmation once the minute since the last email has passed, then waits again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockFetch({
      'GET /api/public-config': publicConfig('logged'),
      'POST /auth/v1/resend': { body: {} },
    });
    renderWithProviders(<CheckEmailNotice email="ann@example.com" />);
    const button = screen.getByRole('button', { name: /Resend the email/ });
    expect(button).toBeDisabled();

    act(() => vi.advanceTimersByTime(RESEND_INTERVAL_SECONDS * 1000));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Resend the email' })).toBeEnabled(), LOADED_MACHINE);
    fireEvent.click(screen.getByRole('button', { name: 'Resend the email' }));

    expect(await screen.findByText(MESSAGES.auth.confirmationResent)).toBeInTheDocument();
    const resend = requests().find((r) => r.path === '/auth/v1/resend');
    expect(resend).toMatchObject({ method: 'POST', body: { email: 'ann@example.com', type: 'signup' } });
    expect(new URLSearchParams(resend?.search).get('redirect_to')).toBe(window.location.origin);
    await vi.waitFor(
      () => expect(screen.getByRole('button', { name: /Resend the email \(in \d+ s\)/ })).toBeDisabled(),
      LOADED_MACHINE,
    );
  });
});
