import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { notifyError, notifySuccess } from '@/lib/notify';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getSessionsQueryOptions } from './get-sessions';

/** Ends every session of the user but this one (auth-js's `scope: 'others'`). */
export const signOutOtherSessions = async () => {
  const { error } = await getSupabase().auth.signOut({ scope: 'others' });
  if (error) throw error;
};

export const useSignOutOtherSessions = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof signOutOtherSessions> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    signOutOtherSessions,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
        notifySuccess(MESSAGES.auth.otherSessionsSignedOut);
      },
      onError: (error) => notifyError(MESSAGES.generic.unexpected, error),
    },
    mutationConfig,
  );
};
