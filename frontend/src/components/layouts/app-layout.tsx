import { AppShell, Burger, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { NAVBAR_WIDTH } from '@vendorwatch/contracts';
import { Outlet, useNavigation } from 'react-router-dom';
import { APP_NAME } from '@/config/constants';
import { useLogout, useUser } from '@/lib/auth';
import { AppNavigation } from './app-navigation';

/** The shell of every signed-in screen: top bar, side menu (a drawer below `sm`), content. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const user = useUser();
  const logout = useLogout();
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
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Title order={3}>{APP_NAME}</Title>
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
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
