import { ScreenPlaceholder } from '@/components/ui/screen-placeholder';

// Placeholder until the reports feature is built; its route already points here.
export function Reports() {
  return <ScreenPlaceholder description="Compliance reports with filters and PDF, CSV and Excel export will appear here." />;
}
