import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { usePhoneLayout } from '@/components/compliance/use-phone-layout';
import { createQueryClient } from '@/lib/react-query';
import { theme } from './theme';

/** Everything app-wide that is not routing: theme, toasts, server-state cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme}>
      <AppNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * Toasts never cover the top bar's Logout button: bottom right on a wide screen. On a phone a
 * bottom toast spans the screen over the buttons at its foot (a failed crawl's Retry), so there
 * they sit at the top, just under the top bar.
 */
function AppNotifications() {
  const phone = usePhoneLayout();
  return phone ? (
    <Notifications position="top-center" styles={{ root: { top: 'calc(var(--app-shell-header-height, 60px) + 8px)' } }} />
  ) : (
    <Notifications position="bottom-right" />
  );
}
