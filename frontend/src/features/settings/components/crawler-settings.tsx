import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

// Placeholder until the settings feature is built; its route already points here.
export function CrawlerSettings() {
  return (
    <ScreenPlaceholder description="Crawler configurations, the active configuration and connection tests will appear here." />
  );
}
