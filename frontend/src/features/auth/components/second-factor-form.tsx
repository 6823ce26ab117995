import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { recoveryCodeSchema, totpCodeSchema } from '@vendorwatch/contracts';
import { useState } from 'react';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useVerifySecondFactor } from '../api/verify-second-factor';

interface SecondFactorFormProps {
  /** Called once the session is aal2; the sign-in page leaves that to the auth provider. */
  onVerified?: () => void;
}

/** Asks for the code of the authenticator app the account was set up with, or one of its recovery codes. */
export function SecondFactorForm({ onVerified }: SecondFactorFormProps) {
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  return withRecoveryCode ? (
    <CodeForm key="recovery" recovery onVerified={onVerified} onSwitch={() => setWithRecoveryCode(false)} />
  ) : (
    <CodeForm key="app" recovery={false} onVerified={onVerified} onSwitch={() => setWithRecoveryCode(true)} />
  );
}

function CodeForm({ recovery, onVerified, onSwitch }: SecondFactorFormProps & { recovery: boolean; onSwitch: () => void }) {
  const verification = useVerifySecondFactor({ mutationConfig: { onSuccess: () => onVerified?.() } });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: zodValidate(recovery ? recoveryCodeSchema : totpCodeSchema),
  });
  const submit = form.onSubmit(
    (values) => verification.mutate({ code: values.code.trim() }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="second-factor-form">
      <Stack>
        <Text size="sm">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor authentication. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
        </Text>
        {verification.error && (
          <Alert color="red" title="Code not accepted" data-testid="second-factor-error">
            {verification.error.message}
          </Alert>
        )}
        {recovery ? (
          <TextInput
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={24}
            data-autofocus
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
        ) : (
          <TextInput
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            data-autofocus
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
        )}
        <Button type="submit" loading={verification.isPending}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {recovery ? 'Use a code from the authenticator app' : 'Lost your phone? Use a recovery code'}
        </Anchor>
      </Stack>
    </form>
  );
}
