import type { EmailOtpType } from '@supabase/supabase-js';
import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { MutationConfig } from '@/lib/react-query';

export interface EmailLinkInput {
  tokenHash: string;
  type: EmailOtpType;
}

/**
 * Spends an emailed link's token with a POST, when the person acts on the page the link opened
 * (a mail scanner's GET of the link spends nothing). Opens a session: SIGNED_IN, or
 * PASSWORD_RECOVERY for a reset link.
 */
export const verifyEmailLink = async ({ tokenHash, type }: EmailLinkInput) => {
  const { data, error } = await getSupabase().auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
  return data;
};

export const useVerifyEmailLink = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof verifyEmailLink> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: verifyEmailLink });
