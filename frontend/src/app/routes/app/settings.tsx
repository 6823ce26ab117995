import { Stack } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CrawlMethodsCard } from '@/features/crawler-configs/components/crawl-methods-card';
import { CrawlerConfigs } from '@/features/crawler-configs/components/crawler-configs';

/** The specification's Settings: how crawls are made, and the scraping API configurations. Alerts have their own page. */
export default function SettingsRoute() {
  return (
    <ContentLayout title="Crawler Settings">
      <Stack gap="xl">
        <CrawlMethodsCard />
        <CrawlerConfigs />
      </Stack>
    </ContentLayout>
  );
}
