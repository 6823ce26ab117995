import { AppLayout } from '@/components/layouts/app-layout';
import { CrawlJobWatchProvider } from '@/features/crawl-jobs/components/crawl-job-watch-provider';
import { WorkspaceProvider } from '@/features/workspaces/components/workspace-provider';
import { WorkspaceSwitcher } from '@/features/workspaces/components/workspace-switcher';
import { ProtectedRoute } from '@/lib/auth';

export default function AppRoot() {
  return (
    <ProtectedRoute>
      {/* Every screen acts in one workspace, known before the first request; a switch remounts what is below. */}
      <WorkspaceProvider>
        {/* Above every screen, so a started crawl is still followed after leaving the vendors screen. */}
        <CrawlJobWatchProvider>
          <AppLayout workspaceSwitcher={<WorkspaceSwitcher />} />
        </CrawlJobWatchProvider>
      </WorkspaceProvider>
    </ProtectedRoute>
  );
}
