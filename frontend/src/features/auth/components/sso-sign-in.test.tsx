import { ssoMessages } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { LOADED_MACHINE } from '@/testing/wait';
import { SsoSignIn } from './sso-sign-in';

beforeAll(() => {
  initSupabase({ supabaseUrl: null, supabaseAnonKey: 'test-anon-key', authEmails: 'sent' });
});

const publicConfig = (oidc: { name: string } | null) => ({
  body: { supabaseUrl: null, supabaseAnonKey: 'anon', authEmails: 'sent', oidc },
});

describe('SsoSignIn', () => {
  it('offers "Continue with <provider>" when single sign-on is configured, with the error the provider sent back', async () => {
    mockFetch({ 'GET /api/public-config': publicConfig({ name: 'Acme ID' }) });
    renderWithProviders(<SsoSignIn returnedError="Acme ID refused this application's credentials." />);
    expect(await screen.findByRole('button', { name: ssoMessages.continueWith('Acme ID') })).toBeInTheDocument();
    expect(screen.getByTestId('sso-error')).toHaveTextContent("Acme ID refused this application's credentials.");
  });

  it('shows nothing when single sign-on is not configured', async () => {
    const { requests } = mockFetch({ 'GET /api/public-config': publicConfig(null) });
    renderWithProviders(<SsoSignIn />);
    await vi.waitFor(() => expect(requests().some((r) => r.path === '/api/public-config')).toBe(true), LOADED_MACHINE);
    expect(screen.queryByTestId('sso-sign-in')).not.toBeInTheDocument();
  });
});
