import { ContentLayout } from '@/components/layouts/content-layout';
import { ApiKeyNotice } from '@/features/crawler-configs/components/api-key-notice';
import { TestCrawler } from '@/features/test-crawler/components/test-crawler';

export default function TestCrawlerRoute() {
  return (
    <ContentLayout title="Test Crawler">
      <TestCrawler apiNotice={<ApiKeyNotice />} />
    </ContentLayout>
  );
}
