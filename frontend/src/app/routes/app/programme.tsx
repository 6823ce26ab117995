import { ContentLayout } from '@/components/layouts/content-layout';
import { ProgrammeOverview } from '@/features/programme/components/programme-overview';

/** Where a third-party-risk team looks first: vendors by tier and grade, and what is due. */
export default function ProgrammeRoute() {
  return (
    <ContentLayout title="Programme">
      <ProgrammeOverview />
    </ContentLayout>
  );
}
