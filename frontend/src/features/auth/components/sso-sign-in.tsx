import { Alert, Button, Divider, Stack } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { ssoMessages } from '@vendorwatch/contracts';
import { useQuery } from '@tanstack/react-query';
import { getPublicConfigQueryOptions } from '@/lib/public-config';
import { useSsoSignIn } from '../api/sso-sign-in';

interface SsoSignInProps {
  /** What the identity provider sent the person back with (`error_description`), shown until they try again. */
  returnedError?: string | null;
}

/** "Continue with <provider>" when the server has single sign-on configured, and why the last try failed. */
export function SsoSignIn({ returnedError }: SsoSignInProps) {
  const config = useQuery(getPublicConfigQueryOptions());
  const signIn = useSsoSignIn();
  const provider = config.data?.oidc?.name;
  if (!provider) return null;
  const error = signIn.error?.message ?? (signIn.isPending ? null : returnedError);
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" title="Single sign-on failed" data-testid="sso-error">
          {error}
        </Alert>
      )}
      <Button
        variant="default"
        leftSection={<IconBuildingSkyscraper size={16} />}
        loading={signIn.isPending}
        onClick={() => signIn.mutate()}
        data-testid="sso-sign-in"
      >
        {ssoMessages.continueWith(provider)}
      </Button>
      <Divider label="or with your email" labelPosition="center" />
    </Stack>
  );
}
