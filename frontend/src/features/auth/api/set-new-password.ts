import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { MutationConfig } from '@/lib/react-query';

/** The new password, from a reset link's session (which needs no current password). */
export const setNewPassword = async ({ password }: { password: string }) => {
  const { data, error } = await getSupabase().auth.updateUser({ password });
  if (error) throw error;
  return data;
};

export const useSetNewPassword = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setNewPassword> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: setNewPassword });
