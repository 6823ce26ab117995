import { useQueryClient } from '@tanstack/react-query';
import type { RemediationRequestSummary } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { remediationRequestPath } from './get-remediation-request';
import { REMEDIATION_REQUESTS_QUERY_KEY } from './get-remediation-requests';

/** `POST /api/remediation-requests/:id/cancel`: the vendor's link stops working at once. */
export const cancelRemediationRequest = ({ requestId }: { requestId: string }) =>
  api.post<RemediationRequestSummary>(`${remediationRequestPath(requestId)}/cancel`);

export const useCancelRemediationRequest = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof cancelRemediationRequest> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    cancelRemediationRequest,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: REMEDIATION_REQUESTS_QUERY_KEY });
        notifySuccess('Request cancelled: its link no longer works');
      },
      onError: (error) => notifyError('Failed to cancel the request', error),
    },
    mutationConfig,
  );
};
