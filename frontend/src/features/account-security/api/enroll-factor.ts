import { useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';
import { getFactorsQueryOptions } from './get-factors';

/**
 * Starts setting up an authenticator app: a new, unverified TOTP factor with its QR code and
 * secret. Earlier unfinished attempts are removed first, so starting over never collides.
 */
export const enrollFactor = async () => {
  const supabase = getSupabase();
  const { data: factors } = await supabase.auth.mfa.listFactors();
  for (const factor of factors?.all ?? []) {
    if (factor.status === 'unverified') await supabase.auth.mfa.unenroll({ factorId: factor.id });
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
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
