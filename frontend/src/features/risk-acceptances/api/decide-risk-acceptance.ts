import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type RiskAcceptance } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

export type RiskAcceptanceAction = 'approve' | 'reject' | 'revoke';

const DONE: Record<RiskAcceptanceAction, string> = {
  approve: MESSAGES.riskAcceptances.approved,
  reject: MESSAGES.riskAcceptances.rejected,
  revoke: MESSAGES.riskAcceptances.revoked,
};

/** `POST /api/risk-acceptances/:id/approve|reject|revoke` with an optional note. */
export const decideRiskAcceptance = ({ id, action, note }: { id: string; action: RiskAcceptanceAction; note?: string }) =>
  api.post<RiskAcceptance>(`/api/risk-acceptances/${encodeURIComponent(id)}/${action}`, note ? { note } : {});

export const useDecideRiskAcceptance = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof decideRiskAcceptance> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    decideRiskAcceptance,
    {
      onSuccess: (_data, { action }) => {
        // An approval or a revocation changes outcomes, rates and grades wherever they are shown.
        void queryClient.invalidateQueries();
        notifySuccess(DONE[action]);
      },
      onError: (error) => notifyError(MESSAGES.riskAcceptances.decideFailed, error),
    },
    mutationConfig,
  );
};
