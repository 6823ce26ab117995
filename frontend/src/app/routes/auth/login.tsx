import { Stack } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { CheckEmailNotice } from '@/features/auth/components/check-email-notice';
import { LoginForm } from '@/features/auth/components/login-form';
import { SsoSignIn } from '@/features/auth/components/sso-sign-in';
import { PublicOnlyRoute } from '@/lib/auth';

/** What other pages may hand to the login page through router state. */
export interface LoginLocationState {
  notice?: string;
  /** A sign-up waits for its confirmation: "check your email", where the link is, and a resend. */
  confirmationSentTo?: string;
}

const stateField = (state: unknown, field: keyof LoginLocationState) =>
  typeof state === 'object' && state !== null && field in state && typeof (state as Record<string, unknown>)[field] === 'string'
    ? ((state as Record<string, unknown>)[field] as string)
    : undefined;

export default function LoginRoute() {
  const location = useLocation();
  const confirmationSentTo = stateField(location.state, 'confirmationSentTo');
  // A sign-in through the identity provider that failed comes back here with the reason, as Supabase Auth sends it.
  const [search] = useSearchParams();
  return (
    <PublicOnlyRoute>
      <AuthLayout title="Sign in">
        <Stack>
          {confirmationSentTo && <CheckEmailNotice email={confirmationSentTo} />}
          <SsoSignIn returnedError={search.get('error_description')} />
          <LoginForm notice={stateField(location.state, 'notice')} />
        </Stack>
      </AuthLayout>
    </PublicOnlyRoute>
  );
}
