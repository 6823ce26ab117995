import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, resetPasswordSchema } from '@vendorwatch/contracts';
import { useState } from 'react';
import { needsSecondFactor } from '@/lib/auth';
import { focusFirstError, zodValidate } from '@/lib/form';
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
  const link = useVerifyEmailLink();
  const update = useSetNewPassword({ mutationConfig: { onSuccess: onDone } });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zodValidate(resetPasswordSchema),
  });

  const submit = form.onSubmit(
    async ({ password }) => {
      if (!linkUsed) {
        const verified = await link.mutateAsync({ tokenHash: tokenHash ?? '', type: 'recovery' }).catch(() => undefined);
        if (!verified) return;
        setLinkUsed(true);
        if (needsSecondFactor(verified.session)) return setStep('code');
      }
      update.mutate({ password });
    },
    (errors) => focusFirstError(form, errors),
  );

  if (!tokenHash) return <Alert color="red">{MESSAGES.auth.confirmLinkMissing}</Alert>;
  if (step === 'code') {
    return <SecondFactorForm onVerified={() => update.mutate({ password: form.getValues().password })} />;
  }
  const error = link.error ?? update.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" title="Password not changed" data-testid="reset-error">
            {error.message}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={link.isPending || update.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
