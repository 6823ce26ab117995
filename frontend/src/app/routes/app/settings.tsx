import { Stack } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { AlertsSettings } from '@/features/alerts/components/alerts-settings';
import { CrawlerConfigs } from '@/features/crawler-configs/components/crawler-configs';

export default function SettingsRoute() {
  return (
    <ContentLayout title="Crawler Settings">
      <Stack gap="xl">
        <CrawlerConfigs />
        <AlertsSettings />
      </Stack>
    </ContentLayout>
  );
}
