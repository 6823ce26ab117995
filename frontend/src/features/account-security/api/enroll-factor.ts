import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getFactorsQueryOptions } from './get-factors';

/**
 * Starts setting up an authenticator app: a new, unverified TOTP factor with its QR code and
 * secret. The auth server replaces an unfinished set-up of the same name, so starting over works.
 */
export const enrollFactor = async () => {
  const { data, error } = await getSupabase().auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
  if (error) throw error;
  return data;
};

export const useEnrollFactor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof enrollFactor> } = {}) => {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    enrollFactor,
    { onSuccess: () => void queryClient.invalidateQueries({ queryKey: getFactorsQueryOptions().queryKey }) },
    mutationConfig,
  );
};
