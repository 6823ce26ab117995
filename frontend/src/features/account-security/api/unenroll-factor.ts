import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { notifyError, notifySuccess } from '@/lib/notify';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getFactorsQueryOptions } from './get-factors';

/** Turns two-factor authentication off (the server asks for a session that used it). */
export const unenrollFactor = async ({ factorId }: { factorId: string }) => {
  const { data, error } = await getSupabase().auth.mfa.unenroll({ factorId });
  if (error) throw error;
  return data;
};

export const useUnenrollFactor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unenrollFactor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    unenrollFactor,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getFactorsQueryOptions().queryKey });
        notifySuccess(MESSAGES.auth.factorRemoved);
      },
      onError: (error) => notifyError(MESSAGES.generic.unexpected, error),
    },
    mutationConfig,
  );
};
