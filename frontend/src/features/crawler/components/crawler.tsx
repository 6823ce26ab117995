import { Alert, Stack } from '@mantine/core';
import { SectionLoader } from '@/components/ui/section-loader';
import type { CrawlJobQuery } from '../api/crawl-job-query';
import { useCrawlerSettings } from '../api/get-crawler-settings';
import type { RenderScreenshot } from './crawler-results';
import { CrawlerRun } from './crawler-run';
import { CrawlerSettingsForm } from './crawler-settings-form';

interface CrawlerProps {
  vendorId: string;
  /** Follows the session crawl, which is a crawl job (from the crawl-jobs feature, through the route). */
  crawlJobQuery: CrawlJobQuery;
  renderScreenshot: RenderScreenshot;
  /** The vendor's crawl queued or running right now, wherever it was started (from the route, which knows crawl jobs). */
  liveJobId?: string | null;
}

/** One vendor's crawler: its settings, a session crawl with start/stop, and the pages it finds. */
export function Crawler({ vendorId, crawlJobQuery, renderScreenshot, liveJobId }: CrawlerProps) {
  const settings = useCrawlerSettings({ vendorId });

  if (settings.isPending) return <SectionLoader label="Loading crawler settings" />;
  if (settings.isError) {
    return (
      <Alert color="red" title="Crawler settings could not be loaded" data-testid="crawler-settings-error">
        {settings.error.message}
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {/* Keyed by vendor: another vendor's page starts from its own saved values. */}
      <CrawlerSettingsForm key={vendorId} vendorId={vendorId} settings={settings.data} />
      <CrawlerRun
        key={`run-${vendorId}`}
        vendorId={vendorId}
        // Unsaved settings are the defaults, which start at the vendor's URL: enough to crawl by.
        canStart={settings.data.startUrls.length > 0}
        liveJobId={liveJobId}
        crawlJobQuery={crawlJobQuery}
        renderScreenshot={renderScreenshot}
      />
    </Stack>
  );
}
