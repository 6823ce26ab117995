import { useQueryClient } from '@tanstack/react-query';
import type { CreateRemediationRequest, RemediationRequestSummary } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { REMEDIATION_REQUESTS_QUERY_KEY } from './get-remediation-requests';

export const remediationSentMessage = (email: string) => `Request sent: ${email} was emailed a link to answer it`;
export const remediationNotEmailedMessage = (email: string) =>
  `No email was sent to ${email} (no email server is configured, or it refused the message): pass the vendor link on yourself`;

/** `POST /api/vendors/:id/remediation-requests`: the contact gets an emailed link to the vendor page. */
export const createRemediationRequest = ({ vendorId, data }: { vendorId: string; data: CreateRemediationRequest }) =>
  api.post<RemediationRequestSummary>(`/api/vendors/${encodeURIComponent(vendorId)}/remediation-requests`, data);

export const useCreateRemediationRequest = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof createRemediationRequest> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    createRemediationRequest,
    {
      onSuccess: (created) => {
        void queryClient.invalidateQueries({ queryKey: REMEDIATION_REQUESTS_QUERY_KEY });
        // "Sent" only when an email went; otherwise say so plainly.
        if (created.emailed === false) notifyInfo(remediationNotEmailedMessage(created.contactEmail));
        else notifySuccess(remediationSentMessage(created.contactEmail));
      },
      onError: (error) => notifyError('Failed to send the remediation request', error),
    },
    mutationConfig,
  );
};
