import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { MutationConfig } from '@/lib/react-query';

/**
 * The code step of a sign-in: a challenge of the account's verified TOTP factor and the code,
 * which raise the session to aal2 (MFA_CHALLENGE_VERIFIED).
 */
export const verifySecondFactor = async ({ code }: { code: string }) => {
  const supabase = getSupabase();
  const { data: factors, error: listError } = await supabase.auth.mfa.listFactors();
  if (listError) throw listError;
  const factor = factors.totp[0];
  if (!factor) throw new Error('This account has no authenticator app set up');
  const { data, error } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
  return data;
};

export const useVerifySecondFactor = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof verifySecondFactor> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: verifySecondFactor });
