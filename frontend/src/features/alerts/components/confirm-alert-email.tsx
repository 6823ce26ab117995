import { Alert, Button, Stack, Text } from '@mantine/core';
import { fill, MESSAGES } from '@vendorwatch/contracts';
import { useConfirmAlertEmail } from '../api/confirm-alert-email';

/**
 * The page an alert channel's confirmation email links to. Confirming takes a click, so a mail
 * scanner that opens the link does not spend it.
 */
export function ConfirmAlertEmail({ token }: { token: string | null }) {
  const confirmation = useConfirmAlertEmail();
  if (!token) return <Alert color="red">{MESSAGES.alerts.confirmationInvalid}</Alert>;
  if (confirmation.isSuccess)
    return (
      <Alert color="green" data-testid="alert-email-confirmed">
        {fill(MESSAGES.alerts.confirmed, { email: confirmation.data.email })}
      </Alert>
    );
  return (
    <Stack>
      <Text size="sm">Confirm that Vendorwatch alerts may be sent to this address.</Text>
      {confirmation.error && (
        <Alert color="red" data-testid="alert-email-confirm-error">
          {confirmation.error.message}
        </Alert>
      )}
      <Button loading={confirmation.isPending} onClick={() => confirmation.mutate({ token })}>
        Confirm this address
      </Button>
    </Stack>
  );
}
