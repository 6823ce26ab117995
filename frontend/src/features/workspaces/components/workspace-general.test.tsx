import { MESSAGES } from '@vendorwatch/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { workspace, WORKSPACE_ID } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { WorkspaceGeneral } from './workspace-general';

const PERSONAL = workspace({ id: '00000000-0000-4000-8000-000000000001', name: 'Personal' });
const TEAM = workspace({ name: 'Vendor risk', personal: false });

describe('WorkspaceGeneral', () => {
  it('lets an owner rename the workspace', async () => {
    const { requests } = mockFetch({ [`PATCH /api/workspaces/${WORKSPACE_ID}`]: { body: { ...TEAM, name: 'Third parties' } } });
    const { user } = renderWithProviders(<WorkspaceGeneral />, { workspace: TEAM, workspaces: [PERSONAL, TEAM] });

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Third parties');
    await user.click(screen.getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText(MESSAGES.workspaces.renamed)).toBeInTheDocument();
    expect(requests().find(({ method }) => method === 'PATCH')?.body).toEqual({ name: 'Third parties' });
  });

  it('deletes a shared workspace after confirmation and moves to the personal one', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const switchTo = vi.fn();
    mockFetch({ [`DELETE /api/workspaces/${WORKSPACE_ID}`]: { status: 204 } });
    const { user } = renderWithProviders(<WorkspaceGeneral />, {
      workspace: TEAM,
      workspaces: [PERSONAL, TEAM],
      onSwitchWorkspace: switchTo,
    });

    await user.click(screen.getByRole('button', { name: 'Delete workspace' }));

    expect(confirm).toHaveBeenCalledWith(MESSAGES.workspaces.confirmDelete);
    expect(await screen.findByText(MESSAGES.workspaces.deleted)).toBeInTheDocument();
    expect(switchTo).toHaveBeenCalledWith(PERSONAL.id);
    confirm.mockRestore();
  });

  it('offers no deletion of a personal workspace, and nothing to an admin', () => {
    mockFetch({});
    const owner = renderWithProviders(<WorkspaceGeneral />, { workspace: PERSONAL });
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete workspace' })).not.toBeInTheDocument();
    owner.unmount();

    renderWithProviders(<WorkspaceGeneral />, { workspace: { ...TEAM, role: 'admin' } });
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
  });
});
