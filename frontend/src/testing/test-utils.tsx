import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '@/app/theme';
import { createQueryClient } from '@/lib/react-query';
import { WorkspaceContext, type WorkspaceContextValue } from '@/lib/workspace';
import { workspace as workspaceFixture } from './fixtures';

interface ProviderOptions {
  /** Router history for components that link or navigate; the last entry is current. */
  initialEntries?: string[];
  /** The current workspace and the user's role there: the personal workspace's owner unless a test says otherwise. */
  workspace?: Partial<WorkspaceContextValue['workspace']>;
  /** Every workspace of the user (the current one alone unless a test says otherwise). */
  workspaces?: WorkspaceContextValue['workspaces'];
  /** Called when the component switches workspace. */
  onSwitchWorkspace?: (workspaceId: string) => void;
}

/** Mantine's test env turns off transitions and portals, so dialogs render in place. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      {children}
    </MantineProvider>
  );
}

/** Renders a component with the app's providers and a fresh query cache per test. */
export function renderWithProviders(
  ui: ReactElement,
  {
    initialEntries = ['/'],
    workspace: workspaceOverrides,
    workspaces,
    onSwitchWorkspace = () => {},
    ...options
  }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  const queryClient = createQueryClient();
  const current = workspaceFixture(workspaceOverrides);
  const workspaceValue: WorkspaceContextValue = {
    workspace: current,
    workspaces: workspaces ?? [current],
    switchTo: onSwitchWorkspace,
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <QueryClientProvider client={queryClient}>
        <WorkspaceContext.Provider value={workspaceValue}>
          <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
            {children}
          </MemoryRouter>
        </WorkspaceContext.Provider>
      </QueryClientProvider>
    </TestProviders>
  );
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper, ...options }) };
}
