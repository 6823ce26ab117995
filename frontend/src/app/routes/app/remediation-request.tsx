import { useParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';
import { RemediationRequestDetail } from '@/features/remediation-requests/components/remediation-request-detail';

/** One remediation request: its state, and per check the vendor's replies, files and the analyst's decisions. */
export default function RemediationRequestRoute() {
  const { requestId = '' } = useParams();
  return (
    <ContentLayout title="Remediation request">
      <RemediationRequestDetail requestId={requestId} />
    </ContentLayout>
  );
}
