import { Alert, Button, Stack, Text } from '@mantine/core';
import { MESSAGES, type AuthEmailDelivery } from '@vendorwatch/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getPublicConfigQueryOptions } from '@/lib/public-config';
import { useResendConfirmation } from '../api/resend-confirmation';

/** The server sends one confirmation email a minute: the button waits as long. */
export const RESEND_INTERVAL_SECONDS = 60;

const HINTS: Partial<Record<AuthEmailDelivery, string>> = {
  logged: MESSAGES.auth.confirmationLinkLogged,
  'not-sent': MESSAGES.auth.confirmationNotSent,
};

/**
 * "Check your email" after a sign-up: where the link is when no email server is configured (in
 * development, the server's log), and a button that sends it again.
 */
export function CheckEmailNotice({ email }: { email: string }) {
  const config = useQuery(getPublicConfigQueryOptions());
  const [wait, restartWait] = useCountdown(RESEND_INTERVAL_SECONDS);
  const resend = useResendConfirmation({ mutationConfig: { onSuccess: restartWait } });
  const hint = config.data ? HINTS[config.data.authEmails] : undefined;

  return (
    <Alert color="green" data-testid="check-email">
      <Stack gap="xs">
        <Text size="sm">{MESSAGES.auth.checkEmail}</Text>
        {hint && (
          <Text size="sm" c="dimmed" data-testid="check-email-hint">
            {hint}
          </Text>
        )}
        <div>
          <Button
            size="xs"
            variant="light"
            disabled={wait > 0}
            loading={resend.isPending}
            onClick={() => resend.mutate({ email })}
          >
            {wait > 0 ? `Resend the email (in ${wait} s)` : 'Resend the email'}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
}

/** Seconds left of a wait that starts now; the second value starts it again. */
function useCountdown(seconds: number): [number, () => void] {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (now >= endsAt) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, endsAt - now));
    return () => clearTimeout(timer);
  }, [now, endsAt]);
  const restart = () => {
    setEndsAt(Date.now() + seconds * 1000);
    setNow(Date.now());
  };
  return [Math.max(0, Math.ceil((endsAt - now) / 1000)), restart];
}
