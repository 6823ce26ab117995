import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

// Placeholder until the crawler feature is built; its route already points here.
export function Crawler({ vendorId }: { vendorId: string }) {
  return <ScreenPlaceholder description={`Crawler settings, start/stop and results for ${vendorId} will appear here.`} />;
}
