import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from '@/app/theme';
import { createQueryClient } from '@/lib/react-query';

interface ProviderOptions {
  /** Router history for components that link or navigate; the last entry is current. */
  initialEntries?: string[];
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
  { initialEntries = ['/'], ...options }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <TestProviders>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    </TestProviders>
  );
  return { user: userEvent.setup(), queryClient, ...render(ui, { wrapper, ...options }) };
}
