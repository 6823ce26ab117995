import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { AppProvider } from './provider';
import { routes } from './router';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

/**
 * The vendor's page is reached by someone with no account: it must neither send them to sign in nor
 * call anything but its own portal API, show none of the app's navigation, and keep its address out of
 * any Referer.
 */
describe('the vendor page route', () => {
  it('opens without sign-in, calls only the portal API and shows no app navigation', async () => {
    const { requests } = mockFetch({
      [`GET /api/portal/${TOKEN}`]: {
        body: {
          workspaceName: 'Acme Risk',
          vendorName: 'Globex',
          dueAt: '2030-03-15T23:59:59.000Z',
          message: '',
          state: 'viewed',
          overdue: false,
          kind: 'remediation',
          checks: [],
          recheck: { running: false, usedToday: 0, perDay: 3, lastRequestedAt: null },
          limits: { maxAttachmentBytes: 10485760, maxAttachments: 20, commentMaxLength: 2000 },
        },
      },
    });
    const router = createMemoryRouter(routes, { initialEntries: [`/vendor-portal/${TOKEN}`] });
    render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );

    expect(await screen.findByTestId('portal-workspace', undefined, { timeout: 10_000 })).toHaveTextContent('Acme Risk');
    expect(router.state.location.pathname).toBe(`/vendor-portal/${TOKEN}`);
    expect(requests().map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /api/portal/${TOKEN}`]);
    // No bearer token and no workspace: the link's token is the only credential.
    expect(requests()[0]!.headers.get('authorization')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Vendors' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  });
});
