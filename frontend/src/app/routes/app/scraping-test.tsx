import { ContentLayout } from '@/components/layouts/content-layout';
import { ScrapingTest } from '@/features/scraping-test/components/scraping-test';

export default function ScrapingTestRoute() {
  return (
    <ContentLayout title="Scraping API Test">
      <ScrapingTest />
    </ContentLayout>
  );
}
