import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

// Placeholder until the dashboard feature is built; its route already points here.
export function Dashboard() {
  return (
    <ScreenPlaceholder description="Vendors crawled, crawl jobs, response time, pages and the active crawl job will appear here." />
  );
}
