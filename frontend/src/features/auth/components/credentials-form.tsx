import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginSchema, registerSchema } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { focusFirstError, zodValidate } from '@/lib/form';

export interface Credentials {
  email: string;
  password: string;
}

interface CredentialsFormProps {
  /** `login` or `register`: names the form and prefixes every test id (`login-form`, `login-email`, …). */
  name: 'login' | 'register';
  /** A new account chooses its password (long enough) and types it twice; signing in types the one it has. */
  newPassword?: boolean;
  /** The sign-in or sign-up request: the form shows its progress and its failure. */
  action: { mutate: (credentials: Credentials) => void; isPending: boolean; error: Error | null };
  errorTitle: string;
  submitLabel: string;
  /** A message carried over from another page, shown until a failure replaces it. */
  notice?: string;
  /** Below the password, e.g. "Forgot password?". */
  belowPassword?: ReactNode;
  /** The way to the other form, e.g. "Don't have an account? Register". */
  otherForm: { question: string; label: string; to: string };
}

/** Email and password, the shape of both the sign-in and the registration form: what differs comes in props. */
export function CredentialsForm({
  name,
  newPassword = false,
  action,
  errorTitle,
  submitLabel,
  notice,
  belowPassword,
  otherForm,
}: CredentialsFormProps) {
  const form = useForm<Credentials & { confirmPassword?: string }>({
    mode: 'uncontrolled',
    initialValues: newPassword ? { email: '', password: '', confirmPassword: '' } : { email: '', password: '' },
    validate: zodValidate(newPassword ? registerSchema : loginSchema),
  });

  const submit = form.onSubmit(
    (values) => action.mutate({ email: values.email.trim(), password: values.password }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate data-testid={`${name}-form`}>
      <Stack>
        {notice && !action.error && (
          <Alert color="green" data-testid={`${name}-notice`}>
            {notice}
          </Alert>
        )}
        {action.error && (
          <Alert color="red" title={errorTitle} data-testid={`${name}-error`}>
            {action.error.message}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          data-testid={`${name}-email`}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          data-testid={`${name}-password`}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        {newPassword && (
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            data-testid={`${name}-confirm-password`}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
        )}
        {belowPassword}
        <Button type="submit" loading={action.isPending} data-testid={`${name}-submit`}>
          {submitLabel}
        </Button>
        <Text size="sm" ta="center">
          {otherForm.question}{' '}
          <Anchor component={Link} to={otherForm.to}>
            {otherForm.label}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
