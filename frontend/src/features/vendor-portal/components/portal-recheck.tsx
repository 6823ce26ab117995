import { Alert, Button, Stack, Text } from '@mantine/core';
import type { PortalRequest } from '@vendorwatch/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { useRequestRecheck } from '../api/request-recheck';

export const RECHECK_STARTED =
  'A re-check of your site has started. Every check that now passes is resolved on its own; this page updates when it is done.';
export const RECHECK_RUNNING = 'A re-check of your site is running: this page updates when it is done.';

/** "Ask for a re-check": crawls the site again at once; the answer says what happens next. */
export function PortalRecheck({ token, recheck: status }: { token: string; recheck: PortalRequest['recheck'] }) {
  const recheck = useRequestRecheck();
  // 409: one is running already, in the server's words; 429: the daily limit, likewise.
  const refusal = recheck.error;
  const alreadyRunning = isApiError(refusal) && refusal.status === 409;
  const left = Math.max(0, status.perDay - status.usedToday);
  return (
    <Stack gap="xs" data-testid="portal-recheck">
      <Text size="sm">
        Fixed something? Ask for a re-check: we look at your site again now ({left} of {status.perDay} left today).
      </Text>
      <Button
        leftSection={<IconRefresh size={16} />}
        loading={recheck.isPending}
        disabled={status.running}
        onClick={() => recheck.mutate({ token })}
        style={{ alignSelf: 'flex-start' }}
        data-testid="portal-recheck-button"
      >
        Ask for a re-check
      </Button>
      {recheck.isSuccess && (
        <Alert color="green" data-testid="portal-recheck-result" data-result="started">
          {RECHECK_STARTED}
        </Alert>
      )}
      {refusal && (
        <Alert
          color={alreadyRunning ? 'blue' : 'orange'}
          data-testid="portal-recheck-result"
          data-result={alreadyRunning ? 'running' : 'refused'}
        >
          {refusal.message}
        </Alert>
      )}
      {status.running && !recheck.isSuccess && !alreadyRunning && (
        <Text size="sm" c="dimmed" data-testid="portal-recheck-running">
          {RECHECK_RUNNING}
        </Text>
      )}
    </Stack>
  );
}
