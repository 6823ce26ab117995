import { Alert, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordSchema } from '@vendorwatch/contracts';
import { focusFirstError, zodValidate } from '@/lib/form';
import { useChangePassword } from '../api/change-password';
import { SectionCard } from './section-card';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

/** A new password, proved by the current one; the user's other sessions are signed out. */
export function ChangePasswordForm() {
  const form = useForm({ mode: 'uncontrolled', initialValues: EMPTY, validate: zodValidate(changePasswordSchema) });
  const change = useChangePassword({ mutationConfig: { onSuccess: () => form.setValues(EMPTY) } });
  const submit = form.onSubmit(
    ({ currentPassword, password }) => change.mutate({ currentPassword, password }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <SectionCard title="Password" description="Changing it signs you out everywhere else.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {change.error && (
            <Alert color="red" title="Password not changed">
              {change.error.message}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
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
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
