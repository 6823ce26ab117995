import { useQueryClient } from '@tanstack/react-query';
import type { RemediationDecision } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { remediationRequestPath } from './get-remediation-request';
import { REMEDIATION_REQUESTS_QUERY_KEY } from './get-remediation-requests';

interface DecideInput {
  requestId: string;
  checkId: string;
  decision: RemediationDecision;
  note?: string;
}

/** `POST /api/remediation-requests/:id/checks/:checkId/decision`: accept or reject the vendor's reply. */
export const decideRemediationCheck = ({ requestId, checkId, decision, note }: DecideInput) =>
  api.post<unknown>(`${remediationRequestPath(requestId)}/checks/${encodeURIComponent(checkId)}/decision`, {
    decision,
    ...(note ? { note } : {}),
  });

export const useDecideRemediationCheck = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof decideRemediationCheck> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    decideRemediationCheck,
    {
      onSuccess: (_answer, { decision }) => {
        void queryClient.invalidateQueries({ queryKey: REMEDIATION_REQUESTS_QUERY_KEY });
        notifySuccess(decision === 'accept' ? 'Reply accepted' : 'Reply rejected: the vendor sees your note');
      },
      onError: (error) => notifyError('Failed to record the decision', error),
    },
    mutationConfig,
  );
};
