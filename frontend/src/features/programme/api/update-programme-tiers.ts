import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type ProgrammeTiers, type UpdateProgrammeTiers } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getProgrammeTiersQueryOptions } from './get-programme-tiers';

/** `PUT /api/programme/tiers` (admins and owners): all four tiers. */
export const updateProgrammeTiers = (data: UpdateProgrammeTiers) => api.put<ProgrammeTiers>('/api/programme/tiers', data);

export const useUpdateProgrammeTiers = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof updateProgrammeTiers> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    updateProgrammeTiers,
    {
      onSuccess: (saved) => {
        queryClient.setQueryData(getProgrammeTiersQueryOptions().queryKey, saved);
        notifySuccess(MESSAGES.programme.tiersSaved);
      },
      onError: (error) => notifyError(MESSAGES.programme.tiersSaveFailed, error),
    },
    mutationConfig,
  );
};
