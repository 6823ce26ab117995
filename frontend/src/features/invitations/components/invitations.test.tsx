import { MESSAGES, workspaceMessages, type Invitation } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WORKSPACE_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { mockPhoneScreen } from '@/testing/phone-screen';
import { renderWithProviders } from '@/testing/test-utils';
import { InviteMemberForm } from './invite-member-form';
import { PendingInvitations } from './pending-invitations';

const PATH = `/api/workspaces/${WORKSPACE_ID}/invitations`;
const invitation = (id: string, email: string, role: Invitation['role'] = 'viewer'): Invitation => ({
  id,
  email,
  role,
  expiresAt: '2030-01-08T00:00:00Z',
});

function Invitations() {
  return (
    <>
      <InviteMemberForm />
      <PendingInvitations />
    </>
  );
}

describe('Invitations', () => {
  it('invites an address with a role, then lists it as pending', async () => {
    const pending: Invitation[] = [];
    const { requests } = mockFetch({
      [`GET ${PATH}`]: () => ({ body: pending }),
      [`POST ${PATH}`]: ({ body }) => {
        const { email, role } = body as Invitation;
        pending.push(invitation('i1', email, role));
        return { status: 201, body: { ...pending[0], emailed: true, link: null } };
      },
    });
    const { user } = renderWithProviders(<Invitations />);
    expect(await screen.findByText(MESSAGES.invitations.none)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.auth.emailRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'Carol@Example.com');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'editor' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText(workspaceMessages.invitationSent('carol@example.com'))).toBeInTheDocument();
    expect(requests().find(({ method }) => method === 'POST')?.body).toEqual({ email: 'carol@example.com', role: 'editor' });
    const row = await screen.findByTestId('invitation-row');
    expect(row).toHaveTextContent('carol@example.com');
    expect(row).toHaveTextContent('editor');
    // Sent: the form is empty again for the next one.
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('without an email server, says no email went and gives the link with a copy button', async () => {
    const link = 'https://vendorwatch.example/invitations/accept?token=abc';
    mockFetch({
      [`GET ${PATH}`]: { body: [] },
      [`POST ${PATH}`]: { status: 201, body: { ...invitation('i1', 'dan@example.com'), emailed: false, link } },
    });
    const { user } = renderWithProviders(<Invitations />);
    await user.type(await screen.findByLabelText('Email'), 'dan@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    const notice = await screen.findByTestId('invitation-link');
    expect(within(notice).getByLabelText('Invitation link')).toHaveValue(link);
    expect(within(notice).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getAllByText(workspaceMessages.invitationNotEmailed('dan@example.com')).length).toBeGreaterThan(0);
    expect(screen.queryByText(workspaceMessages.invitationSent('dan@example.com'))).not.toBeInTheDocument();
  });

  it("offers an admin the roles up to admin, and shows the API's refusal", async () => {
    mockFetch({
      [`GET ${PATH}`]: { body: [] },
      [`POST ${PATH}`]: { status: 409, body: { statusCode: 409, message: MESSAGES.invitations.alreadyMember } },
    });
    const { user } = renderWithProviders(<Invitations />, { workspace: { role: 'admin' } });

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['admin', 'editor', 'viewer']);
    await user.keyboard('{Escape}');

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.invitations.alreadyMember)).toBeInTheDocument();
  });

  it('revokes a pending invitation', async () => {
    let pending = [invitation('i1', 'carol@example.com'), invitation('i2', 'dave@example.com', 'admin')];
    const { requests } = mockFetch({
      [`GET ${PATH}`]: () => ({ body: pending }),
      [`DELETE ${PATH}/i1`]: () => {
        pending = pending.filter(({ id }) => id !== 'i1');
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<PendingInvitations />);

    const rows = await screen.findAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    await user.click(within(rows[0]!).getByRole('button', { name: 'Revoke the invitation to carol@example.com' }));

    expect(await screen.findByText(workspaceMessages.invitationRevoked('carol@example.com'))).toBeInTheDocument();
    expect(screen.getAllByTestId('invitation-row')).toHaveLength(1);
    expect(requests().some(({ method, path }) => method === 'DELETE' && path === `${PATH}/i1`)).toBe(true);
  });

  it('on a phone, shows each invitation as a card with labelled values instead of a table', async () => {
    mockPhoneScreen();
    mockFetch({ [`GET ${PATH}`]: { body: [invitation('i1', 'carol@example.com')] } });
    renderWithProviders(<PendingInvitations />);

    const card = await screen.findByTestId('invitation-row');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Pending invitations' })).toContainElement(card);
    expect(within(card).getByText('Email')).toBeInTheDocument();
    expect(within(card).getByText('carol@example.com')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Revoke the invitation to carol@example.com' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
