import { AppLayout } from '@/components/layouts/app-layout';
import { CrawlJobWatchProvider } from '@/features/crawl-jobs/components/crawl-job-watch-provider';
import { ProtectedRoute } from '@/lib/auth';

export default function AppRoot() {
  return (
    <ProtectedRoute>
      {/* Above every screen, so a started crawl is still followed after leaving the vendors screen. */}
      <CrawlJobWatchProvider>
        <AppLayout />
      </CrawlJobWatchProvider>
    </ProtectedRoute>
  );
}
