import { ContentLayout } from '@/components/layouts/content-layout';
import { RemediationRequestsList } from '@/features/remediation-requests/components/remediation-requests-list';

/** The workspace's remediation requests; `?state=` (the Programme screen's links) picks the filter. */
export default function RemediationRequestsRoute() {
  return (
    <ContentLayout title="Remediation requests">
      <RemediationRequestsList />
    </ContentLayout>
  );
}
