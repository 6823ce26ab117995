import { MESSAGES } from '@vendorwatch/contracts';
import { notifyError, notifySuccess } from '@/lib/notify';
import { getSupabase } from '@/lib/supabase';
import { useFeatureMutation, type MutationConfig } from '@/lib/react-query';

/** Mails the sign-up's confirmation link again (the server sends at most one a minute). */
export const resendConfirmation = async ({ email }: { email: string }) => {
  const { error } = await getSupabase().auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
};

export const useResendConfirmation = ({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resendConfirmation> } = {}) =>
  useFeatureMutation(
    resendConfirmation,
    {
      onSuccess: () => notifySuccess(MESSAGES.auth.confirmationResent),
      onError: (error) => notifyError(MESSAGES.auth.resendConfirmationFailed, error),
    },
    mutationConfig,
  );
