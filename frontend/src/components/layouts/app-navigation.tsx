import { AppShell, Divider, NavLink, ScrollArea } from '@mantine/core';
import {
  IconAffiliate,
  IconBell,
  IconBuildingStore,
  IconClipboardCheck,
  IconCloudDownload,
  IconFileAnalytics,
  IconFlask,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconListDetails,
  IconLogout,
  IconStairs,
  IconMailFast,
  IconMailForward,
  IconScale,
  IconSettings,
  IconShieldCheck,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { can, type WorkspacePermission } from '@vendorwatch/contracts';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useCurrentWorkspace } from '@/lib/workspace';

// The spec's order of the side menu, with Crawl History (a product addition) after Vendors.
const links = [
  { label: 'Dashboard', to: paths.app.dashboard.getHref(), icon: IconLayoutDashboard },
  { label: 'Vendors', to: paths.app.vendors.getHref(), icon: IconBuildingStore },
  { label: 'Programme', to: paths.app.programme.getHref(), icon: IconClipboardCheck },
  { label: 'Remediation requests', to: paths.app.remediationRequests.getHref(), icon: IconMailFast },
  { label: 'Crawl History', to: paths.app.crawls.getHref(), icon: IconHistory },
  { label: 'Reports', to: paths.app.reports.getHref(), icon: IconFileAnalytics },
  { label: 'Portfolio', to: paths.app.portfolio.getHref(), icon: IconAffiliate },
  { label: 'Risk acceptances', to: paths.app.riskAcceptances.getHref(), icon: IconShieldCheck },
  { label: 'Methodology', to: paths.app.methodology.getHref(), icon: IconScale },
  { label: 'Test Crawler', to: paths.app.testCrawler.getHref(), icon: IconFlask },
  { label: 'Settings', to: paths.app.settings.getHref(), icon: IconSettings },
  { label: 'Scraping API', to: paths.app.scrapingApi.getHref(), icon: IconCloudDownload },
  { label: 'Alerts', to: paths.app.alerts.getHref(), icon: IconBell },
  { label: 'Tiers', to: paths.app.tiers.getHref(), icon: IconStairs },
  { label: 'Security', to: paths.app.security.getHref(), icon: IconShieldLock },
];

/** Workspace settings, each shown only to a role that may use it (owners and admins). */
const workspaceLinks: { label: string; to: string; icon: typeof IconUsers; permission: WorkspacePermission }[] = [
  { label: 'Members', to: paths.app.members.getHref(), icon: IconUsers, permission: 'members.manage' },
  { label: 'Invitations', to: paths.app.invitations.getHref(), icon: IconMailForward, permission: 'invitations.manage' },
  { label: 'API keys', to: paths.app.apiKeys.getHref(), icon: IconKey, permission: 'apiKeys.manage' },
  { label: 'Audit log', to: paths.app.auditLog.getHref(), icon: IconListDetails, permission: 'auditLog.read' },
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
        <WorkspaceSettingsLinks pathname={pathname} onNavigate={onNavigate} />
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

function WorkspaceSettingsLinks({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const { role } = useCurrentWorkspace().workspace;
  const shown = workspaceLinks.filter(({ permission }) => can(role, permission));
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Workspace settings">
      <Divider my="xs" label="Workspace settings" labelPosition="left" />
      {shown.map(({ label, to, icon: Icon }) => (
        <NavLink
          key={to}
          component={Link}
          to={to}
          label={label}
          leftSection={<Icon size={18} stroke={1.5} />}
          active={pathname === to}
          onClick={onNavigate}
        />
      ))}
    </nav>
  );
}
