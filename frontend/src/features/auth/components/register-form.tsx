import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerSchema } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useRegister } from '../api/register';

interface RegisterFormProps {
  /**
   * `signedIn` is true when the server needs no e-mail confirmation and opened a session at once;
   * `email` is the address the confirmation went to.
   */
  onSuccess: (result: { signedIn: boolean; email: string }) => void;
}

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const registration = useRegister({
    mutationConfig: { onSuccess: (data, input) => onSuccess({ signedIn: Boolean(data.session), email: input.email }) },
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', confirmPassword: '' },
    validate: zodValidate(registerSchema),
  });

  const submit = form.onSubmit(
    (values) => registration.mutate({ email: values.email.trim(), password: values.password }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Stack>
        {registration.error && (
          <Alert color="red" title="Registration failed" data-testid="register-error">
            {registration.error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          data-testid="register-email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          data-testid="register-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          data-testid="register-confirm-password"
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={registration.isPending} data-testid="register-submit">
          Register
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.auth.login.getHref()}>
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
