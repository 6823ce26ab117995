import { Alert, Button, Stack, Text } from '@mantine/core';
import type { EmailOtpType } from '@supabase/supabase-js';
import { MESSAGES } from '@vendorwatch/contracts';
import { useVerifyEmailLink } from '../api/verify-email-link';

interface ConfirmEmailProps {
  tokenHash: string | null;
  type: string | null;
}

/**
 * The page a confirmation email links to. Confirming takes a click, so a mail scanner that opens
 * the link (or even runs its scripts) does not spend it; the new session then opens the app.
 */
export function ConfirmEmail({ tokenHash, type }: ConfirmEmailProps) {
  const confirmation = useVerifyEmailLink();
  if (!tokenHash) return <Alert color="red">{MESSAGES.auth.confirmLinkMissing}</Alert>;
  return (
    <Stack>
      <Text size="sm">Confirm this address to finish creating your account.</Text>
      {confirmation.error && (
        <Alert color="red" title="Confirmation failed" data-testid="confirm-error">
          {confirmation.error.message}
        </Alert>
      )}
      <Button
        loading={confirmation.isPending}
        onClick={() => confirmation.mutate({ tokenHash, type: (type === 'email' ? 'email' : 'signup') as EmailOtpType })}
      >
        Confirm my account
      </Button>
    </Stack>
  );
}
