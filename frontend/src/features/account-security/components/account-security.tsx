import { Stack } from '@mantine/core';
import { ChangePasswordForm } from './change-password-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** Settings → Security: two-factor authentication, the password, and where the user is signed in. */
export function AccountSecurity() {
  return (
    <Stack gap="lg" maw={760}>
      <TwoFactorCard />
      <ChangePasswordForm />
      <SessionsCard />
    </Stack>
  );
}
