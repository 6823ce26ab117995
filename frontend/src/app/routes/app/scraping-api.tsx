import { Stack, Text } from '@mantine/core';
import { ContentLayout } from '@/components/layouts/content-layout';
import { CrawlerConfigs } from '@/features/crawler-configs/components/crawler-configs';

/**
 * The scraping service (the API crawl method) on a page of its own: its configurations, Add Crawler and
 * Test Connection. The specification's Settings screen (/settings) shows the same configurations.
 */
export default function ScrapingApiRoute() {
  return (
    <ContentLayout title="Scraping API">
      <Stack gap="lg">
        <Text c="dimmed" size="sm" data-testid="scraping-api-intro">
          A scraping service fetches vendor sites for you from its own network when your server cannot reach them or a site blocks
          automated browsers. Crawls with the API method use the active configuration below.
        </Text>
        <CrawlerConfigs />
      </Stack>
    </ContentLayout>
  );
}
