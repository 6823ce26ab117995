import { ContentLayout } from '@/components/layouts/content-layout';
import { TestCrawler } from '@/features/test-crawler/components/test-crawler';

export default function TestCrawlerRoute() {
  return (
    <ContentLayout title="Test Crawler">
      <TestCrawler />
    </ContentLayout>
  );
}
