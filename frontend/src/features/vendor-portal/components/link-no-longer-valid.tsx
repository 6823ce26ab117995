import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@vendorwatch/contracts';

/** A cancelled, long-closed or unknown link: the same words for each, so a guess learns nothing. */
export function LinkNoLongerValid() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder radius="md" p="xl" maw={480} w="100%" data-testid="portal-link-invalid">
        <Stack gap="sm">
          <Title order={2}>{MESSAGES.remediation.linkInvalid}</Title>
          <Text c="dimmed">
            The request it was sent for was cancelled or closed. If you still have something to send, reply to the email you
            received and ask for a new link.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
