import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

// Placeholder until the test-crawler feature is built; its route already points here.
export function TestCrawler() {
  return <ScreenPlaceholder description="Run a test crawl of one URL and see its progress, screenshot and page data here." />;
}
