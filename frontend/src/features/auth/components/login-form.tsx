import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginSchema, MESSAGES } from '@vendorwatch/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useLogin } from '../api/login';

interface LoginFormProps {
  /** A message carried over from another page, e.g. "check your email" after registering. */
  notice?: string;
}

export function LoginForm({ notice }: LoginFormProps) {
  const login = useLogin();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginSchema),
  });

  const submit = form.onSubmit(
    (values) => login.mutate({ email: values.email.trim(), password: values.password }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <Stack>
        {notice && !login.error && (
          <Alert color="green" data-testid="login-notice">
            {notice}
          </Alert>
        )}
        {login.error && (
          <Alert color="red" title="Sign in failed" data-testid="login-error">
            {login.error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          data-testid="login-email"
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          data-testid="login-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} size="sm" ta="right">
          {MESSAGES.auth.forgotPassword}
        </Anchor>
        <Button type="submit" loading={login.isPending} data-testid="login-submit">
          Sign in
        </Button>
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to={paths.auth.register.getHref()}>
            Register
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
