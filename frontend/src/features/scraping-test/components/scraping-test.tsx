import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

// Placeholder until the scraping-test feature is built; its route already points here.
export function ScrapingTest() {
  return <ScreenPlaceholder description="Test the scraping API connection and scrape a URL here." />;
}
