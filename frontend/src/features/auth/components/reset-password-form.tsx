import { Alert } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';
import { useRef, useState } from 'react';
import { PasswordForm, type PasswordFormValues } from '@/components/forms/password-form';
import { needsSecondFactor } from '@/lib/auth';
import { useSetNewPassword } from '../api/set-new-password';
import { useVerifyEmailLink } from '../api/verify-email-link';
import { SecondFactorForm } from './second-factor-form';

interface ResetPasswordFormProps {
  tokenHash: string | null;
  onDone: () => void;
}

/**
 * The page a reset email links to: a new password, then the link's token is spent (by POST) and
 * the password set. An account with two-factor authentication enters its code in between.
 */
export function ResetPasswordForm({ tokenHash, onDone }: ResetPasswordFormProps) {
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [linkUsed, setLinkUsed] = useState(false);
  /** The password typed, set once the code (if the account has a second factor) is entered too. */
  const password = useRef('');
  const link = useVerifyEmailLink();
  const update = useSetNewPassword({ mutationConfig: { onSuccess: onDone } });

  const submit = async (values: PasswordFormValues) => {
    password.current = values.password;
    if (!linkUsed) {
      const verified = await link.mutateAsync({ tokenHash: tokenHash ?? '', type: 'recovery' }).catch(() => undefined);
      if (!verified) return;
      setLinkUsed(true);
      if (needsSecondFactor(verified.session)) return setStep('code');
    }
    update.mutate({ password: values.password });
  };

  if (!tokenHash) return <Alert color="red">{MESSAGES.auth.confirmLinkMissing}</Alert>;
  if (step === 'code') return <SecondFactorForm onVerified={() => update.mutate({ password: password.current })} />;
  return (
    <PasswordForm
      submitLabel="Set new password"
      pending={link.isPending || update.isPending}
      error={link.error ?? update.error}
      errorTestId="reset-error"
      onSubmit={submit}
    />
  );
}
