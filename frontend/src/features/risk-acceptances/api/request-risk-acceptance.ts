import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type RiskAcceptance, type RiskAcceptanceInput } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { riskAcceptancesQueryKey } from './get-risk-acceptances';

/** `POST /api/vendors/:id/risk-acceptances`: a pending request an admin or owner other than you decides. */
export const requestRiskAcceptance = ({ vendorId, data }: { vendorId: string; data: RiskAcceptanceInput }) =>
  api.post<RiskAcceptance>(`/api/vendors/${encodeURIComponent(vendorId)}/risk-acceptances`, data);

export const useRequestRiskAcceptance = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof requestRiskAcceptance> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    requestRiskAcceptance,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: riskAcceptancesQueryKey });
        notifySuccess(MESSAGES.riskAcceptances.requested);
      },
      onError: (error) => notifyError(MESSAGES.riskAcceptances.requestFailed, error),
    },
    mutationConfig,
  );
};
