import { MESSAGES, workspaceMessages, type WorkspaceMember } from '@vendorwatch/contracts';
import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext } from '@/lib/auth/auth-context';
import { fakeUser } from '@/testing/fake-session';
import { WORKSPACE_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { MembersList } from './members-list';

const member = (userId: string, email: string, role: WorkspaceMember['role']): WorkspaceMember => ({
  userId,
  email,
  role,
  joinedAt: '2025-01-01T00:00:00Z',
});
const ANN = member(fakeUser.id, fakeUser.email, 'owner');
const BOB = member('00000000-0000-4000-8000-0000000000b0', 'bob@example.com', 'editor');
const MEMBERS_PATH = `/api/workspaces/${WORKSPACE_ID}/members`;

const renderMembers = (role: WorkspaceMember['role'] = 'owner') =>
  renderWithProviders(
    <AuthContext.Provider value={{ user: fakeUser as unknown as User, secondFactorPending: false }}>
      <MembersList />
    </AuthContext.Provider>,
    { workspace: { role, name: 'Vendor risk', personal: false } },
  );

describe('MembersList', () => {
  it('lists the members with their roles and changes a role', async () => {
    let bob = BOB;
    const { requests } = mockFetch({
      [`GET ${MEMBERS_PATH}`]: () => ({ body: [ANN, bob] }),
      [`PATCH ${MEMBERS_PATH}/${BOB.userId}`]: ({ body }) => {
        bob = { ...bob, role: (body as { role: WorkspaceMember['role'] }).role };
        return { body: bob };
      },
    });
    const { user } = renderMembers();

    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('you')).toBeInTheDocument();
    const bobRole = within(rows[1]!).getByRole('combobox', { name: 'Role of bob@example.com' });
    expect(bobRole).toHaveValue('editor');

    await user.click(bobRole);
    await user.click(await screen.findByRole('option', { name: 'viewer' }));
    // Nothing changes until the change is confirmed.
    expect(
      await screen.findByText(workspaceMessages.confirmRoleChange('bob@example.com', 'editor', 'viewer')),
    ).toBeInTheDocument();
    expect(requests().some(({ method }) => method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Make viewer' }));

    expect(await screen.findByText(workspaceMessages.roleChanged('bob@example.com', 'viewer'))).toBeInTheDocument();
    expect(requests().find(({ method }) => method === 'PATCH')).toMatchObject({ body: { role: 'viewer' } });
  });

  it('makes someone an owner only once their email address is typed, and a cancelled change changes nothing', async () => {
    const { requests } = mockFetch({
      [`GET ${MEMBERS_PATH}`]: () => ({ body: [ANN, BOB] }),
      [`PATCH ${MEMBERS_PATH}/${BOB.userId}`]: ({ body }) => ({ body: { ...BOB, ...(body as object) } }),
    });
    const { user } = renderMembers();
    const [, bobRow] = await screen.findAllByTestId('member-row');
    const bobRole = within(bobRow!).getByRole('combobox', { name: 'Role of bob@example.com' });

    await user.click(bobRole);
    await user.click(await screen.findByRole('option', { name: 'admin' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make admin' })).not.toBeInTheDocument());
    expect(bobRole).toHaveValue('editor');

    await user.click(bobRole);
    await user.click(await screen.findByRole('option', { name: 'owner' }));
    expect(await screen.findByText(workspaceMessages.confirmMakeOwner('bob@example.com'))).toBeInTheDocument();
    const makeOwner = screen.getByRole('button', { name: 'Make owner' });
    expect(makeOwner).toBeDisabled();
    await user.type(screen.getByLabelText('Their email address'), 'bob@example.co');
    expect(makeOwner).toBeDisabled();
    await user.type(screen.getByLabelText('Their email address'), 'm');
    expect(makeOwner).toBeEnabled();
    await user.click(makeOwner);

    await waitFor(() => expect(requests().find(({ method }) => method === 'PATCH')).toMatchObject({ body: { role: 'owner' } }));
    expect(requests().filter(({ method }) => method === 'PATCH')).toHaveLength(1);
  });

  it("shows the API's reason when the last owner's role cannot change", async () => {
    // Olga demotes Ann at the same moment: the API, which changes roles under a lock, keeps one owner and says so.
    const OLGA = member('00000000-0000-4000-8000-0000000000c0', 'olga@example.com', 'owner');
    mockFetch({
      [`GET ${MEMBERS_PATH}`]: { body: [ANN, OLGA, BOB] },
      [`PATCH ${MEMBERS_PATH}/${OLGA.userId}`]: {
        status: 409,
        body: { statusCode: 409, message: MESSAGES.workspaces.lastOwner },
      },
    });
    const { user } = renderMembers();

    const [, olgaRow] = await screen.findAllByTestId('member-row');
    await user.click(within(olgaRow!).getByRole('combobox', { name: `Role of ${OLGA.email}` }));
    await user.click(await screen.findByRole('option', { name: 'admin' }));
    await user.click(await screen.findByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText(MESSAGES.workspaces.lastOwner)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.workspaces.roleChangeFailed)).toBeInTheDocument();
  });

  it('offers the sole owner no change of their own role and no removal of themselves', async () => {
    const { requests } = mockFetch({ [`GET ${MEMBERS_PATH}`]: { body: [ANN, BOB] } });
    renderWithProviders(
      <AuthContext.Provider value={{ user: fakeUser as unknown as User, secondFactorPending: false }}>
        <MembersList />
      </AuthContext.Provider>,
      { workspace: { role: 'owner', name: MESSAGES.workspaces.personal, personal: true } },
    );

    const [annRow, bobRow] = await screen.findAllByTestId('member-row');
    expect(within(annRow!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(annRow!).getByText('owner')).toBeInTheDocument();
    expect(within(annRow!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    // Everyone else stays in the owner's hands.
    expect(within(bobRow!).getByRole('combobox', { name: 'Role of bob@example.com' })).toBeInTheDocument();
    expect(within(bobRow!).getByRole('button', { name: 'Remove bob@example.com' })).toBeInTheDocument();
    expect(requests().filter(({ method }) => method !== 'GET')).toHaveLength(0);
  });

  it('never offers to change one’s own role, but lets one of two owners leave or demote the other', async () => {
    const OLGA = member('00000000-0000-4000-8000-0000000000c0', 'olga@example.com', 'owner');
    mockFetch({ [`GET ${MEMBERS_PATH}`]: { body: [ANN, OLGA] } });
    renderMembers();

    const [annRow, olgaRow] = await screen.findAllByTestId('member-row');
    expect(within(annRow!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(annRow!).getByRole('button', { name: `Remove ${ANN.email}` })).toBeInTheDocument();
    expect(within(olgaRow!).getByRole('combobox', { name: 'Role of olga@example.com' })).toBeInTheDocument();
    expect(within(olgaRow!).getByRole('button', { name: 'Remove olga@example.com' })).toBeInTheDocument();
  });

  it("keeps the owner of another user's personal workspace out of reach, even for a second owner", async () => {
    const OLGA = member('00000000-0000-4000-8000-0000000000c0', 'olga@example.com', 'owner');
    const ANN_OWNER_TOO = { ...ANN, role: 'owner' as const };
    mockFetch({ [`GET ${MEMBERS_PATH}`]: { body: [OLGA, ANN_OWNER_TOO, BOB] } });
    renderWithProviders(
      <AuthContext.Provider value={{ user: fakeUser as unknown as User, secondFactorPending: false }}>
        <MembersList />
      </AuthContext.Provider>,
      {
        workspace: { role: 'owner', name: MESSAGES.workspaces.personal, personal: true, ownerEmail: OLGA.email },
      },
    );

    expect(await screen.findByText(`Members of Personal — ${OLGA.email}`)).toBeInTheDocument();
    const [olgaRow] = await screen.findAllByTestId('member-row');
    expect(within(olgaRow!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(olgaRow!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('gives an admin no control over an owner, and no owner role to hand out', async () => {
    mockFetch({ [`GET ${MEMBERS_PATH}`]: { body: [member('o1', 'olga@example.com', 'owner'), BOB] } });
    const { user } = renderMembers('admin');

    const [ownerRow, bobRow] = await screen.findAllByTestId('member-row');
    expect(within(ownerRow!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(ownerRow!).getByText('owner')).toBeInTheDocument();
    expect(within(ownerRow!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(within(bobRow!).getByRole('combobox', { name: 'Role of bob@example.com' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['admin', 'editor', 'viewer']);
  });

  it('removes a member after confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { requests } = mockFetch({
      [`GET ${MEMBERS_PATH}`]: { body: [ANN, BOB] },
      [`DELETE ${MEMBERS_PATH}/${BOB.userId}`]: { status: 204 },
    });
    const { user } = renderMembers();

    const rows = await screen.findAllByTestId('member-row');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Remove bob@example.com' }));

    expect(confirm).toHaveBeenCalledWith(workspaceMessages.confirmRemoveMember('bob@example.com'));
    expect(await screen.findByText(workspaceMessages.memberRemoved('bob@example.com'))).toBeInTheDocument();
    expect(requests().some(({ method, path }) => method === 'DELETE' && path === `${MEMBERS_PATH}/${BOB.userId}`)).toBe(true);
    confirm.mockRestore();
  });

  it('on a phone, shows each member as a card with labelled values instead of a table', async () => {
    mockPhoneScreen();
    mockFetch({ [`GET ${MEMBERS_PATH}`]: { body: [ANN, BOB] } });
    renderMembers();

    const [annCard, bobCard] = await screen.findAllByTestId('member-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Members' })).toContainElement(bobCard!);
    expect(within(bobCard!).getByText('Role')).toBeInTheDocument();
    expect(within(bobCard!).getByRole('combobox', { name: 'Role of bob@example.com' })).toBeInTheDocument();
    expect(within(bobCard!).getByRole('button', { name: 'Remove bob@example.com' })).toBeInTheDocument();
    expect(within(annCard!).getByText('owner')).toBeInTheDocument();
  });
});
