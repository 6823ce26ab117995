import { useRemediationRequests } from '../api/get-remediation-requests';
import { RemediationRequestsCard } from './remediation-requests-card';

/** A vendor's remediation requests: who was asked, for how many checks, by when, and where each stands. */
export function VendorRemediationRequests({ vendorId }: { vendorId: string }) {
  const requests = useRemediationRequests({ vendorId });
  return (
    <RemediationRequestsCard
      title="Requests"
      query={requests}
      emptyText="No fix has been requested from this vendor yet."
      data-testid="vendor-remediation-requests"
    />
  );
}
