import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordSchema, MESSAGES } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useRequestPasswordReset } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const reset = useRequestPasswordReset();
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' }, validate: zodValidate(forgotPasswordSchema) });
  const submit = form.onSubmit(
    (values) => reset.mutate({ email: values.email.trim() }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {reset.isSuccess && <Alert color="green">{MESSAGES.auth.recoverySent}</Alert>}
        {reset.error && (
          <Alert color="red" title="Could not send the link">
            {reset.error.message}
          </Alert>
        )}
        <Text size="sm">Enter the address you sign in with: we will email you a link to choose a new password.</Text>
        <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" loading={reset.isPending}>
          Send reset link
        </Button>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.auth.login.getHref()}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
