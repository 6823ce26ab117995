import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@vendorwatch/contracts';
import { notifySuccess } from '@/lib/notify';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getSessionsQueryOptions } from './get-sessions';

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
}

/** A new password, proved by the current one; the server ends the user's other sessions. */
export const changePassword = async ({ currentPassword, password }: ChangePasswordInput) => {
  const { data, error } = await getSupabase().auth.updateUser({ password, current_password: currentPassword });
  if (error) throw error;
  return data;
};

export const useChangePassword = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    changePassword,
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey });
        notifySuccess(MESSAGES.auth.passwordChanged);
      },
    },
    mutationConfig,
  );
};
