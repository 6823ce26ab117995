import { ContentLayout } from '@/components/layouts/content-layout';
import { TiersSettings } from '@/features/programme/components/tiers-settings';

/** The workspace's vendor tiers: names, review intervals and the longest a risk may be accepted. */
export default function TiersRoute() {
  return (
    <ContentLayout title="Tiers">
      <TiersSettings />
    </ContentLayout>
  );
}
