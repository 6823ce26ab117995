import { ContentLayout } from '@/components/layouts/content-layout';
import { CrawlerConfigs } from '@/features/crawler-configs/components/crawler-configs';

export default function SettingsRoute() {
  return (
    <ContentLayout title="Crawler Settings">
      <CrawlerConfigs />
    </ContentLayout>
  );
}
