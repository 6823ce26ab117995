import { MESSAGES } from '@vendorwatch/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { workspace } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderWithProviders } from '@/testing/test-utils';
import { WorkspaceSwitcher } from './workspace-switcher';

describe('WorkspaceSwitcher', () => {
  it('creates a workspace from the menu and switches to it', async () => {
    const created = workspace({ id: '00000000-0000-4000-8000-000000000003', name: 'Vendor risk', personal: false });
    const { requests } = mockFetch({ 'POST /api/workspaces': { status: 201, body: created } });
    const switchTo = vi.fn();
    const { user } = renderWithProviders(<WorkspaceSwitcher />, { onSwitchWorkspace: switchTo });

    await user.click(screen.getByRole('button', { name: 'Workspace: Ann' }));
    await user.click(screen.getByTestId('workspace-create'));
    // The shared schema words the empty name.
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MESSAGES.workspaces.nameRequired)).toBeInTheDocument();
    expect(requests()).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), '  Vendor risk ');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(MESSAGES.workspaces.created)).toBeInTheDocument();
    expect(requests()[0]).toMatchObject({ method: 'POST', path: '/api/workspaces', body: { name: 'Vendor risk' } });
    expect(switchTo).toHaveBeenCalledWith(created.id);
  });

  it("lists the user's workspaces with their role there, and switches on a click", async () => {
    mockFetch({});
    const team = workspace({ id: '00000000-0000-4000-8000-000000000004', name: 'Vendor risk', role: 'viewer', personal: false });
    const switchTo = vi.fn();
    const { user } = renderWithProviders(<WorkspaceSwitcher />, {
      onSwitchWorkspace: switchTo,
      workspaces: [workspace(), team],
    });

    await user.click(screen.getByRole('button', { name: 'Workspace: Ann' }));
    const menu = await screen.findByTestId('workspace-menu');
    const options = within(menu).getAllByTestId('workspace-option');
    expect(options.map((option) => option.textContent)).toEqual([
      `Ann (${MESSAGES.workspaces.personal})owner`,
      'Vendor riskviewer',
    ]);
    expect(options[0]).toHaveAttribute('aria-current', 'true');

    await user.click(options[1]!);
    expect(switchTo).toHaveBeenCalledWith(team.id);
  });

  it("tells the user's own personal workspace from another user's they were invited into", async () => {
    mockFetch({});
    const own = workspace({ name: MESSAGES.workspaces.personal });
    const theirs = workspace({
      id: '00000000-0000-4000-8000-000000000005',
      name: MESSAGES.workspaces.personal,
      role: 'viewer',
      ownerEmail: 'bob@example.com',
    });
    const { user } = renderWithProviders(<WorkspaceSwitcher />, { workspace: theirs, workspaces: [own, theirs] });

    await user.click(screen.getByRole('button', { name: 'Workspace: Personal — bob@example.com' }));
    const options = within(await screen.findByTestId('workspace-menu')).getAllByTestId('workspace-option');
    expect(options.map((option) => option.textContent)).toEqual(['Personalowner', 'Personal — bob@example.comviewer']);
    expect(options[1]).toHaveAttribute('aria-current', 'true');
  });
});
