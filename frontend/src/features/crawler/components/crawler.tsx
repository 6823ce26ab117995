import { Alert, Stack } from '@mantine/core';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCrawlerSettings } from '../api/get-crawler-settings';
import { CrawlerRun } from './crawler-run';
import { CrawlerSettingsForm } from './crawler-settings-form';

/** One vendor's crawler: its settings, a session crawl with start/stop, and the pages it finds. */
export function Crawler({ vendorId }: { vendorId: string }) {
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
      <CrawlerRun key={`run-${vendorId}`} vendorId={vendorId} canStart={settings.data.saved} />
    </Stack>
  );
}
