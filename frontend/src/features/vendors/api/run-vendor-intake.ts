import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type IntakeSuggestion, type VendorIntakeAnswers } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { VENDORS_QUERY_KEY } from './get-vendors';

/** `POST /api/vendors/:id/intake`: the three answers; the suggested tier and why (stored on the vendor). */
export const runVendorIntake = ({ vendorId, answers }: { vendorId: string; answers: VendorIntakeAnswers }) =>
  api.post<IntakeSuggestion>(`/api/vendors/${encodeURIComponent(vendorId)}/intake`, answers);

export const useRunVendorIntake = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof runVendorIntake> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    runVendorIntake,
    {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: VENDORS_QUERY_KEY }),
      onError: (error) => notifyError(MESSAGES.programme.programmeSaveFailed, error),
    },
    mutationConfig,
  );
};
