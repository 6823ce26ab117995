import { Alert, AppShell, Burger, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEye, IconLogout } from '@tabler/icons-react';
import { MESSAGES, NAVBAR_WIDTH } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { APP_NAME } from '@/config/constants';
import { useLogout, useUser } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/workspace';
import { AppNavigation } from './app-navigation';

interface AppLayoutProps {
  /** The top bar's workspace menu (the workspaces feature's, placed here by the app). */
  workspaceSwitcher?: ReactNode;
}

/** The shell of every signed-in screen: top bar, side menu (a drawer below `sm`), content. */
export function AppLayout({ workspaceSwitcher }: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useUser();
  const logout = useLogout();
  const readOnly = useCurrentWorkspace().workspace.role === 'viewer';
  // Lazy routes load before they render: show that something is happening meanwhile.
  const routeLoading = useNavigation().state === 'loading';

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            {/* On a phone the workspace menu needs the room more than the name does. */}
            <Title order={3} visibleFrom="xs">
              {APP_NAME}
            </Title>
            {workspaceSwitcher}
            {routeLoading && <Loader size="xs" aria-label="Loading page" />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="dimmed" visibleFrom="xs" truncate data-testid="user-email">
              {user?.email}
            </Text>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={16} />}
              onClick={() => logout.mutate()}
              loading={logout.isPending}
              data-testid="header-logout"
            >
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppNavigation onNavigate={close} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
      </AppShell.Navbar>

      <AppShell.Main>
        {readOnly && (
          <Alert color="gray" icon={<IconEye size={18} />} mb="md" data-testid="read-only-notice">
            {MESSAGES.workspaces.readOnly}
          </Alert>
        )}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
