import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { totpCodeSchema } from '@vendorwatch/contracts';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useVerifySecondFactor } from '../api/verify-second-factor';

interface SecondFactorFormProps {
  /** Called once the session is aal2; the sign-in page leaves that to the auth provider. */
  onVerified?: () => void;
}

/** Asks for the code of the authenticator app the account was set up with. */
export function SecondFactorForm({ onVerified }: SecondFactorFormProps) {
  const verification = useVerifySecondFactor({ mutationConfig: { onSuccess: () => onVerified?.() } });
  const form = useForm({ mode: 'uncontrolled', initialValues: { code: '' }, validate: zodValidate(totpCodeSchema) });
  const submit = form.onSubmit(
    (values) => verification.mutate({ code: values.code.trim() }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="second-factor-form">
      <Stack>
        <Text size="sm">Open your authenticator app and enter the 6-digit code it shows for this account.</Text>
        {verification.error && (
          <Alert color="red" title="Code not accepted" data-testid="second-factor-error">
            {verification.error.message}
          </Alert>
        )}
        <TextInput
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={verification.isPending}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
