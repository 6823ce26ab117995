import { MESSAGES } from '@vendorwatch/contracts';
import { screen, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import {
  fakeAccessToken,
  fakeSession as session,
  fakeSessionExpiresAt as expiresAt,
  fakeUser as user,
} from '@/testing/fake-session';
import { vendorPage } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { AppProvider } from './provider';
import { routes } from './router';

const accessToken = session.access_token;
const PERSONAL_WORKSPACE = { id: '00000000-0000-4000-8000-000000000001', name: 'Personal', role: 'owner', personal: true };

/** The backend as the browser sees it: public config, embedded auth and the vendors API. */
const backend = () =>
  mockFetch({
    'GET /api/public-config': { body: { supabaseUrl: null, supabaseAnonKey: 'anon-key' } },
    'POST /auth/v1/token': ({ body }: MockRequest) =>
      (body as { password?: string }).password === 'right-password'
        ? { body: session }
        : { status: 400, body: { code: 400, error_code: 'invalid_credentials', msg: MESSAGES.auth.invalidCredentials } },
    'POST /auth/v1/signup': { body: user },
    'POST /auth/v1/logout': { status: 204 },
    'GET /api/workspaces': {
      body: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Personal', role: 'owner', personal: true }],
    },
    'GET /api/vendors': { body: vendorPage([]) },
    'GET /api/dashboard/summary': {
      body: { totalVendors: 0, crawledVendors: 0, totalCrawls: 0, completedCrawls: 0, averageResponseTime: null, totalPages: 0 },
    },
    'GET /api/dashboard/charts': { body: { days: [], responseTimeByVendor: [] } },
    'GET /api/crawls/status': { body: [] },
    'GET /api/remediation-requests': { body: { items: [], total: 0 } },
  });

const renderApp = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user: userEvent.setup() };
};

describe('the app', () => {
  it('sends a signed-out visitor to /login, signs in, reaches protected screens and logs out', async () => {
    const { requests } = backend();
    const { router, user: visitor } = renderApp('/vendors');

    // Signed out: the protected route redirects to the login page (a lazily loaded chunk: slow on a busy machine).
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(requests()[0]).toMatchObject({ method: 'GET', path: '/api/public-config' });

    // "Password" names the field only, so a label lookup finds exactly one element.
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);

    // The auth server's own error text is shown.
    await visitor.type(screen.getByLabelText('Email'), 'ann@example.com');
    await visitor.type(screen.getByLabelText('Password'), 'wrong-password');
    await visitor.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.auth.invalidCredentials)).toBeInTheDocument();

    // SIGNED_IN goes to the dashboard, inside the shell with the user's email.
    await visitor.clear(screen.getByLabelText('Password'));
    await visitor.type(screen.getByLabelText('Password'), 'right-password');
    await visitor.click(screen.getByRole('button', { name: 'Sign in' }));
    // The dashboard's chunk (charts included) loads first: on a busy machine that takes more than findBy's default second.
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('user-email')).toHaveTextContent('ann@example.com');

    // The side menu, in the spec's order plus Crawl History and Security (and, for the workspace's owner, its
    // settings), leads to the vendors screen; API calls carry the token and the workspace.
    const nav = screen.getByLabelText('Main navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Vendors',
      'Programme',
      'Remediation requests',
      'Crawl History',
      'Reports',
      'Portfolio',
      'Risk acceptances',
      'Methodology',
      'Test Crawler',
      'Settings',
      'Scraping API',
      'Alerts',
      'Tiers',
      'Security',
      'Members',
      'Invitations',
      'API keys',
      'Audit log',
    ]);
    await visitor.click(within(nav).getByRole('link', { name: 'Vendors' }));
    expect(await screen.findByText(MESSAGES.vendors.noneFound)).toBeInTheDocument();
    const vendorsCall = requests().find((r) => r.path === '/api/vendors');
    expect(vendorsCall?.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(vendorsCall?.headers.get('x-workspace-id')).toBe(PERSONAL_WORKSPACE.id);

    // The Programme screen's request counts link to this list: a screen of its own, not the 404 page.
    await visitor.click(within(nav).getByRole('link', { name: 'Remediation requests' }));
    expect(await screen.findByTestId('remediation-requests-empty', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/remediation-requests');

    // Unknown paths inside the app get the 404 page.
    await router.navigate('/no-such-screen');
    expect(await screen.findByRole('heading', { name: MESSAGES.pages.notFound }, { timeout: 20_000 })).toBeInTheDocument();

    // SIGNED_OUT goes back to /login.
    await visitor.click(screen.getByTestId('header-logout'));
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login');
    expect(requests().some((r) => r.method === 'POST' && r.path === '/auth/v1/logout')).toBe(true);
  });

  it('after registering, shows the confirm-your-email message on the login page', async () => {
    backend();
    const { router, user: visitor } = renderApp('/register');

    await visitor.type(await screen.findByLabelText('Email'), 'new@example.com');
    await visitor.type(screen.getByLabelText('Password'), 'secret123');
    await visitor.type(screen.getByLabelText('Confirm Password'), 'secret123');
    await visitor.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(MESSAGES.auth.checkEmail)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('asks an account with an authenticator app for its code before the app opens', async () => {
    const factor = {
      id: 'factor-1',
      factor_type: 'totp',
      status: 'verified',
      friendly_name: 'Phone',
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
    };
    const withFactor = { ...user, factors: [factor] };
    const tokenAt = (aal: string) => fakeAccessToken({ aal });
    const { requests } = mockFetch({
      'GET /api/public-config': { body: { supabaseUrl: null, supabaseAnonKey: 'anon-key' } },
      'POST /auth/v1/token': { body: { ...session, access_token: tokenAt('aal1'), user: withFactor } },
      'GET /auth/v1/user': { body: withFactor },
      'POST /auth/v1/factors/factor-1/challenge': { body: { id: 'challenge-1', type: 'totp', expires_at: expiresAt } },
      'POST /auth/v1/factors/factor-1/verify': ({ body }: MockRequest) =>
        (body as { code?: string }).code === '123456'
          ? { body: { ...session, access_token: tokenAt('aal2'), user: withFactor } }
          : { status: 422, body: { code: 'mfa_verification_failed', message: MESSAGES.auth.invalidTotp } },
      'GET /api/dashboard/summary': {
        body: {
          totalVendors: 0,
          crawledVendors: 0,
          totalCrawls: 0,
          completedCrawls: 0,
          averageResponseTime: null,
          totalPages: 0,
        },
      },
      'GET /api/dashboard/charts': { body: { days: [], responseTimeByVendor: [] } },
      'GET /api/crawls/status': { body: [] },
      'GET /api/workspaces': { body: [PERSONAL_WORKSPACE] },
    });
    const { router, user: visitor } = renderApp('/login');

    await visitor.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await visitor.type(screen.getByLabelText('Password'), 'right-password');
    await visitor.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('Authentication code', {}, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/login/code');
    // Nothing of the app opens meanwhile, and no API call goes out with the password-only token.
    await router.navigate('/vendors');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login/code'), { timeout: 10_000 });
    expect(requests().some((r) => r.path.startsWith('/api/') && r.path !== '/api/public-config')).toBe(false);

    // The code screen renders again after the navigation attempt: wait for its field, not the old one.
    await visitor.type(await screen.findByLabelText('Authentication code', {}, { timeout: 10_000 }), '000000');
    await visitor.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.auth.invalidTotp)).toBeInTheDocument();
    await visitor.clear(screen.getByLabelText('Authentication code'));
    await visitor.type(screen.getByLabelText('Authentication code'), '123456');
    await visitor.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
