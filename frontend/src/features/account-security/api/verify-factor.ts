import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { notifySuccess } from '@/lib/notify';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getFactorsQueryOptions } from './get-factors';
import { getSessionsQueryOptions } from './get-sessions';

/** The first code from the app verifies the factor; the session becomes aal2 and sessions without it end. */
export const verifyFactor = async ({ factorId, code }: { factorId: string; code: string }) => {
  const { data, error } = await getSupabase().auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
  return data;
};

export const useVerifyFactor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof verifyFactor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    verifyFactor,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getFactorsQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
        notifySuccess(MESSAGES.auth.factorEnrolled);
      },
    },
    mutationConfig,
  );
};
