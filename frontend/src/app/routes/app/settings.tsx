import { ContentLayout } from '@/components/layouts/content-layout';
import { CrawlerSettings } from '@/features/settings/components/crawler-settings';

export default function SettingsRoute() {
  return (
    <ContentLayout title="Crawler Settings">
      <CrawlerSettings />
    </ContentLayout>
  );
}
