import { MESSAGES, workspaceMessages, type InvitationPreview } from '@vendorwatch/contracts';
import type { User } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthContext } from '@/lib/auth/auth-context';
import { takeReturnPath } from '@/lib/auth/return-path';
import { fakeUser } from '@/testing/fake-session';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { AcceptInvitation } from './accept-invitation';

const TEAM_ID = '00000000-0000-4000-8000-000000000002';
const LINK = '/invitations/accept?token=tok-1';
const preview: InvitationPreview = {
  workspaceId: TEAM_ID,
  workspaceName: 'Vendor risk',
  role: 'viewer',
  email: fakeUser.email,
  expiresAt: '2030-01-08T00:00:00Z',
};

const renderPage = (user: Partial<User> | null) =>
  renderWithProviders(
    <AuthContext.Provider value={{ user: user as User | null, secondFactorPending: false }}>
      <Routes>
        <Route path="/invitations/accept" element={<AcceptInvitation token="tok-1" />} />
        <Route path="/" element={<p>Dashboard screen</p>} />
      </Routes>
    </AuthContext.Provider>,
    { initialEntries: [LINK] },
  );

describe('AcceptInvitation', () => {
  it('asks a signed-out visitor to sign in or sign up, and comes back here after', async () => {
    const { requests } = mockFetch({});
    renderPage(null);

    expect(screen.getByText(MESSAGES.invitations.signInFirst)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(takeReturnPath()).toBe(LINK);
    expect(requests()).toHaveLength(0);
  });

  it('shows the workspace and role, then accepts and opens the app in the workspace joined', async () => {
    const { requests } = mockFetch({
      'POST /api/invitations/preview': { body: preview },
      'POST /api/invitations/accept': { body: { id: TEAM_ID, name: 'Vendor risk', role: 'viewer', personal: false } },
    });
    const { user } = renderPage(fakeUser as Partial<User>);

    expect(await screen.findByTestId('invitation-workspace')).toHaveTextContent('Vendor risk');
    expect(screen.getByTestId('invitation-role')).toHaveTextContent('viewer');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(screen.getByText(workspaceMessages.invitationAccepted('Vendor risk'))).toBeInTheDocument();
    expect(localStorage.getItem(`vendorwatch.workspace.${fakeUser.id}`)).toBe(TEAM_ID);
    expect(requests().map(({ path, body }) => [path, body])).toEqual([
      ['/api/invitations/preview', { token: 'tok-1' }],
      ['/api/invitations/accept', { token: 'tok-1' }],
    ]);
  });

  it('says when the invitation was sent to another address, and offers no Accept', async () => {
    mockFetch({ 'POST /api/invitations/preview': { body: { ...preview, email: 'carol@example.com' } } });
    renderPage(fakeUser as Partial<User>);

    expect(await screen.findByText(MESSAGES.invitations.wrongEmail)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('shows why a spent or lapsed link cannot be used', async () => {
    mockFetch({
      'POST /api/invitations/preview': { status: 410, body: { statusCode: 410, message: MESSAGES.invitations.expired } },
    });
    renderPage(fakeUser as Partial<User>);

    expect(await screen.findByText(MESSAGES.invitations.expired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });
});
