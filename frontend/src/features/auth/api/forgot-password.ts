import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { getSupabase } from '@/lib/supabase';
import type { MutationConfig } from '@/lib/react-query';

/** Mails a reset link that opens this app's reset page. The answer is the same whether or not the address has an account. */
export const requestPasswordReset = async ({ email }: { email: string }) => {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.auth.resetPassword.getHref()}`,
  });
  if (error) throw error;
};

export const useRequestPasswordReset = ({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof requestPasswordReset> } = {}) =>
  useMutation({ ...mutationConfig, mutationFn: requestPasswordReset });
