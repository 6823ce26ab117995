import { MESSAGES, type Workspace } from '@vendorwatch/contracts';
import { screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { AuthContext } from '@/lib/auth/auth-context';
import { useCurrentWorkspace } from '@/lib/workspace';
import { fakeUser } from '@/testing/fake-session';
import { workspace } from '@/testing/fixtures';
import { mockFetch, type MockRequest } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import type { User } from '@supabase/supabase-js';
import { WorkspaceProvider } from './workspace-provider';

const PERSONAL = workspace({ id: '00000000-0000-4000-8000-000000000001', name: 'Personal' });
const TEAM = workspace({ id: '00000000-0000-4000-8000-000000000002', name: 'Vendor risk', role: 'viewer', personal: false });
const CHOSEN_KEY = `vendorwatch.workspace.${fakeUser.id}`;

/** A screen that reads data of the current workspace and offers a switch, as the app's screens and top bar do. */
function Screen() {
  const { workspace: current, workspaces, switchTo } = useCurrentWorkspace();
  const vendors = useQuery({ queryKey: ['vendors'], queryFn: () => api.get<{ name: string }[]>('/api/vendors') });
  return (
    <div>
      <p data-testid="current">{current.name}</p>
      <p data-testid="vendors">{vendors.data?.map(({ name }) => name).join(', ')}</p>
      {workspaces.map((item) => (
        <button key={item.id} onClick={() => switchTo(item.id)}>
          {item.name}
        </button>
      ))}
    </div>
  );
}

/** The API as it answers per workspace header: each workspace its own vendors. */
const backend = (workspaces: () => Workspace[], vendors: (request: MockRequest) => { status?: number; body: unknown }) =>
  mockFetch({ 'GET /api/workspaces': () => ({ body: workspaces() }), 'GET /api/vendors': vendors });

const vendorsByWorkspace = ({ headers }: MockRequest) => ({
  body: [{ name: headers.get('x-workspace-id') === TEAM.id ? 'Team vendor' : 'My vendor' }],
});

const renderProvider = () =>
  renderWithProviders(
    <AuthContext.Provider value={{ user: fakeUser as unknown as User, secondFactorPending: false }}>
      <WorkspaceProvider>
        <Screen />
      </WorkspaceProvider>
    </AuthContext.Provider>,
  );

describe('WorkspaceProvider', () => {
  it('starts in the personal workspace and sends its id on every /api request', async () => {
    const { requests } = backend(() => [PERSONAL, TEAM], vendorsByWorkspace);
    renderProvider();

    expect(await screen.findByText('My vendor')).toBeInTheDocument();
    expect(screen.getByTestId('current')).toHaveTextContent('Personal');
    const vendorCalls = requests().filter(({ path }) => path === '/api/vendors');
    expect(vendorCalls.map(({ headers }) => headers.get('x-workspace-id'))).toEqual([PERSONAL.id]);
  });

  it("starts in the user's own personal workspace, not another user's listed before it", async () => {
    const theirs = workspace({
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Personal',
      role: 'viewer',
      ownerEmail: 'bob@example.com',
    });
    const { requests } = backend(() => [theirs, PERSONAL], vendorsByWorkspace);
    renderProvider();

    expect(await screen.findByText('My vendor')).toBeInTheDocument();
    const vendorCalls = requests().filter(({ path }) => path === '/api/vendors');
    expect(vendorCalls.map(({ headers }) => headers.get('x-workspace-id'))).toEqual([PERSONAL.id]);
  });

  it('switches: remembers the choice, drops the cached data and reads it again in the new workspace', async () => {
    const { requests } = backend(() => [PERSONAL, TEAM], vendorsByWorkspace);
    const { user } = renderProvider();
    await screen.findByText('My vendor');

    await user.click(screen.getByRole('button', { name: 'Vendor risk' }));

    expect(await screen.findByText('Team vendor')).toBeInTheDocument();
    expect(screen.getByTestId('current')).toHaveTextContent('Vendor risk');
    expect(screen.queryByText('My vendor')).not.toBeInTheDocument();
    expect(localStorage.getItem(CHOSEN_KEY)).toBe(TEAM.id);
    const headers = requests()
      .filter(({ path }) => path === '/api/vendors')
      .map(({ headers }) => headers.get('x-workspace-id'));
    expect(headers).toEqual([PERSONAL.id, TEAM.id]);
  });

  it('opens in the workspace chosen last on this browser', async () => {
    localStorage.setItem(CHOSEN_KEY, TEAM.id);
    const { requests } = backend(() => [PERSONAL, TEAM], vendorsByWorkspace);
    renderProvider();

    expect(await screen.findByText('Team vendor')).toBeInTheDocument();
    // No request went out in the personal workspace first.
    expect(requests().filter(({ path }) => path === '/api/vendors')).toHaveLength(1);
  });

  it('falls back to the personal workspace when the remembered one is gone', async () => {
    localStorage.setItem(CHOSEN_KEY, '00000000-0000-4000-8000-00000000dead');
    backend(() => [PERSONAL], vendorsByWorkspace);
    renderProvider();

    expect(await screen.findByText('My vendor')).toBeInTheDocument();
    expect(screen.getByTestId('current')).toHaveTextContent('Personal');
    await waitFor(() => expect(localStorage.getItem(CHOSEN_KEY)).toBe(PERSONAL.id));
  });

  it('goes back to the personal workspace, saying why, when the API says the user is no longer a member', async () => {
    localStorage.setItem(CHOSEN_KEY, TEAM.id);
    let member = true;
    backend(
      () => (member ? [PERSONAL, TEAM] : [PERSONAL]),
      (request) =>
        request.headers.get('x-workspace-id') === TEAM.id && !member
          ? { status: 403, body: { statusCode: 403, message: MESSAGES.access.notMember } }
          : vendorsByWorkspace(request),
    );
    const { queryClient } = renderProvider();
    await screen.findByText('Team vendor');

    // Removed from the team meanwhile: the next request is refused.
    member = false;
    await queryClient.refetchQueries({ queryKey: ['vendors'] });

    expect(await screen.findByText(MESSAGES.workspaces.accessLost)).toBeInTheDocument();
    expect(await screen.findByText('My vendor')).toBeInTheDocument();
    expect(screen.getByTestId('current')).toHaveTextContent('Personal');
  });

  it('says so, with Try again, when the workspaces cannot be loaded', async () => {
    mockFetch({ 'GET /api/workspaces': { status: 500, body: { statusCode: 500, message: 'Database unavailable' } } });
    renderProvider();

    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // In place of the app, and as a toast.
    const alerts = screen.getAllByRole('alert');
    expect(alerts.some((alert) => alert.textContent === `${MESSAGES.workspaces.loadFailed}Database unavailable`)).toBe(true);
    expect(screen.queryByTestId('current')).not.toBeInTheDocument();
  });
});
