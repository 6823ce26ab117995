import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import {
  IconAffiliate,
  IconBuildingStore,
  IconFileAnalytics,
  IconFlask,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconSettings,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

// The spec's order of the side menu, with Crawl History (a product addition) after Vendors.
const links = [
  { label: 'Dashboard', to: paths.app.dashboard.getHref(), icon: IconLayoutDashboard },
  { label: 'Vendors', to: paths.app.vendors.getHref(), icon: IconBuildingStore },
  { label: 'Crawl History', to: paths.app.crawls.getHref(), icon: IconHistory },
  { label: 'Reports', to: paths.app.reports.getHref(), icon: IconFileAnalytics },
  { label: 'Portfolio', to: paths.app.portfolio.getHref(), icon: IconAffiliate },
  { label: 'Test Crawler', to: paths.app.testCrawler.getHref(), icon: IconFlask },
  { label: 'Settings', to: paths.app.settings.getHref(), icon: IconSettings },
  { label: 'Security', to: paths.app.security.getHref(), icon: IconShieldLock },
];

// The longest link that matches wins, so /settings/security lights Security, not Settings too.
const isActive = (pathname: string, to: string) => {
  const matches = (link: string) => (link === '/' ? pathname === '/' : pathname === link || pathname.startsWith(`${link}/`));
  return matches(to) && !links.some((other) => other.to.length > to.length && matches(other.to));
};

interface AppNavigationProps {
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

export function AppNavigation({ onNavigate, onLogout, loggingOut }: AppNavigationProps) {
  const { pathname } = useLocation();
  return (
    <>
      <AppShell.Section grow component={ScrollArea} aria-label="Main navigation">
        {links.map(({ label, to, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<Icon size={18} stroke={1.5} />}
            active={isActive(pathname, to)}
            onClick={onNavigate}
          />
        ))}
      </AppShell.Section>
      <AppShell.Section>
        <NavLink
          component="button"
          type="button"
          label="Logout"
          leftSection={<IconLogout size={18} stroke={1.5} />}
          onClick={onLogout}
          disabled={loggingOut}
          data-testid="nav-logout"
        />
      </AppShell.Section>
    </>
  );
}
