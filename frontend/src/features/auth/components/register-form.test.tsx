import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { LOADED_MACHINE } from '@/testing/wait';
import { RegisterForm } from './register-form';

beforeAll(() => {
  // supabase-js runs for real; only its HTTP calls are answered by mockFetch.
  initSupabase({ supabaseUrl: null, supabaseAnonKey: 'test-anon-key', authEmails: 'sent' });
});

const setup = () => {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<RegisterForm onSuccess={onSuccess} />, { initialEntries: ['/register'] });
  const fill = async ({ email = 'ann@example.com', password = '', confirmPassword = '' }) => {
    await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
    if (confirmPassword) await view.user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
    await view.user.click(screen.getByRole('button', { name: 'Register' }));
  };
  return { ...view, onSuccess, fill };
};

describe('RegisterForm', () => {
  it('rejects different passwords without calling the server', async () => {
    const { requests } = mockFetch({});
    const { fill, onSuccess } = setup();

    await fill({ password: 'secret123', confirmPassword: 'secret124' });

    expect(await screen.findByText(MESSAGES.auth.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(MESSAGES.auth.passwordsDoNotMatch);
    expect(requests()).toHaveLength(0);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('rejects a password shorter than 6 characters and focuses it', async () => {
    const { requests } = mockFetch({});
    const { fill } = setup();

    await fill({ password: 'abc', confirmPassword: 'abc' });

    expect(await screen.findByText(MESSAGES.auth.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(requests()).toHaveLength(0);
  });

  it('signs up with a redirect to this origin and reports that confirmation is pending', async () => {
    const { requests } = mockFetch({
      'POST /auth/v1/signup': {
        body: {
          id: 'u1',
          aud: 'authenticated',
          email: 'ann@example.com',
          app_metadata: {},
          user_metadata: {},
          created_at: '2025-01-01T00:00:00Z',
        },
      },
    });
    const { fill, onSuccess } = setup();

    await fill({ password: 'secret123', confirmPassword: 'secret123' });

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ signedIn: false, email: 'ann@example.com' }), LOADED_MACHINE);
    const [signup] = requests();
    expect(signup).toMatchObject({
      method: 'POST',
      path: '/auth/v1/signup',
      body: { email: 'ann@example.com', password: 'secret123' },
    });
    expect(new URLSearchParams(signup?.search).get('redirect_to')).toBe(window.location.origin);
  });

  it("shows the auth server's error text", async () => {
    mockFetch({
      'POST /auth/v1/signup': {
        status: 422,
        body: { code: 422, error_code: 'user_already_exists', msg: MESSAGES.auth.userAlreadyExists },
      },
    });
    const { fill, onSuccess } = setup();

    await fill({ password: 'secret123', confirmPassword: 'secret123' });

    expect(await screen.findByText(MESSAGES.auth.userAlreadyExists)).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
