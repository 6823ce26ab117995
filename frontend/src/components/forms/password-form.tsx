import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordSchema, resetPasswordSchema } from '@vendorwatch/contracts';
import { focusFirstError, zodValidate } from '@/lib/form';

export interface PasswordFormValues {
  /** Empty unless the form asks for it (`askCurrent`). */
  currentPassword: string;
  password: string;
}

interface PasswordFormProps {
  /** Changing a password proves it with the current one; the page a reset link opens does not ask. */
  askCurrent?: boolean;
  submitLabel: string;
  /** The request the form sends, in flight or failed ("Password not changed" with its reason). */
  pending: boolean;
  error: Error | null;
  errorTestId?: string;
  /** Valid values, typed twice alike; `clear` empties the fields (once the new password is set). */
  onSubmit: (values: PasswordFormValues, clear: () => void) => void | Promise<void>;
  /** In a settings card the button keeps its own width; on an auth page it spans the form. */
  inline?: boolean;
}

/** A new password typed twice (and the current one when changing it): the account page's and the reset link's form. */
export function PasswordForm({
  askCurrent = false,
  submitLabel,
  pending,
  error,
  errorTestId,
  onSubmit,
  inline = false,
}: PasswordFormProps) {
  const form = useForm<{ currentPassword?: string; password: string; confirmPassword: string }>({
    mode: 'uncontrolled',
    initialValues: askCurrent
      ? { currentPassword: '', password: '', confirmPassword: '' }
      : { password: '', confirmPassword: '' },
    validate: zodValidate(askCurrent ? changePasswordSchema : resetPasswordSchema),
  });
  const submit = form.onSubmit(
    ({ currentPassword = '', password }) =>
      onSubmit({ currentPassword, password }, () => form.setValues(form.getInitialValues())),
    (errors) => focusFirstError(form, errors),
  );
  const button = (
    <Button type="submit" loading={pending}>
      {submitLabel}
    </Button>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" title="Password not changed" data-testid={errorTestId}>
            {error.message}
          </Alert>
        )}
        {askCurrent && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
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
        {inline ? <Group>{button}</Group> : button}
      </Stack>
    </form>
  );
}
