import { ContentLayout } from '@/components/layouts/content-layout';
import { AlertsSettings } from '@/features/alerts/components/alerts-settings';

/** Where alerts go (channels), when they are sent (rules), and what was sent (deliveries). */
export default function AlertsRoute() {
  return (
    <ContentLayout title="Alerts">
      <AlertsSettings />
    </ContentLayout>
  );
}
