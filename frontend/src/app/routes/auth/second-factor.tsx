import { Anchor, Text } from '@mantine/core';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { SecondFactorForm } from '@/features/auth/components/second-factor-form';
import { SecondFactorRoute, useLogout } from '@/lib/auth';

/** The sign-in's code step; the auth provider opens the app once the code is accepted. */
export default function SecondFactorRouteScreen() {
  const logout = useLogout();
  return (
    <SecondFactorRoute>
      <AuthLayout title="Two-factor authentication">
        <SecondFactorForm />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => logout.mutate()}>
            Sign in as someone else
          </Anchor>
        </Text>
      </AuthLayout>
    </SecondFactorRoute>
  );
}
