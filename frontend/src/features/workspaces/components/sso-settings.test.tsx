import { MESSAGES, type WorkspaceSso } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { workspace, WORKSPACE_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { SsoSettings } from './sso-settings';

const TEAM = workspace({ name: 'Vendor risk', personal: false });
const LINKED: WorkspaceSso = {
  linked: true,
  groupClaim: 'groups',
  groupRoles: { 'risk-team': 'editor' },
  defaultRole: null,
  required: false,
  providerName: 'Acme ID',
};

describe('SsoSettings', () => {
  it('lets an owner map another group to a role and require SSO', async () => {
    const path = `/api/workspaces/${WORKSPACE_ID}/sso`;
    const { requests } = mockFetch({
      [`GET ${path}`]: { body: LINKED },
      [`PUT ${path}`]: { body: { ...LINKED, required: true } },
    });
    const { user } = renderWithProviders(<SsoSettings />, { workspace: TEAM });

    expect(await screen.findByDisplayValue('risk-team')).toBeInTheDocument();
    expect(screen.getByText(/an owner stays an owner/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await user.type(screen.getByTestId('sso-group-1'), 'risk-admins');
    await user.click(screen.getByRole('switch', { name: /Require signing in with Acme ID/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.sso.saved)).toBeInTheDocument();
    expect(requests().find(({ method }) => method === 'PUT')?.body).toEqual({
      linked: true,
      groupClaim: 'groups',
      groupRoles: { 'risk-team': 'editor', 'risk-admins': 'viewer' },
      defaultRole: null,
      required: true,
    });
  });

  it('shows an admin the settings without a way to change them', async () => {
    mockFetch({ [`GET /api/workspaces/${WORKSPACE_ID}/sso`]: { body: LINKED } });
    renderWithProviders(<SsoSettings />, { workspace: { ...TEAM, role: 'admin' } });
    expect(await screen.findByDisplayValue('risk-team')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an owner changes these settings.')).toBeInTheDocument();
  });
});
