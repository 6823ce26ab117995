import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isApiError } from '@/lib/api-error';
import { useRequestRecheck } from '../api/request-recheck';

export const RECHECK_STARTED =
  'A re-check of your site has started. Every check that now passes is resolved on its own; this page updates when it is done.';
export const RECHECK_ALREADY_RUNNING = 'A re-check is already running: this page updates when it is done.';

/** "Ask for a re-check": crawls the site again at once; the answer says what happens next. */
export function PortalRecheck({ token, onStarted }: { token: string; onStarted?: () => void }) {
  const recheck = useRequestRecheck();
  const ask = () => recheck.mutate({ token }, { onSuccess: ({ status }) => status === 202 && onStarted?.() });
  // 202: started; 200 or 409: one is running already; 429: the daily limit, in the server's words.
  const running = recheck.data?.status === 200 || (isApiError(recheck.error) && recheck.error.status === 409);
  return (
    <Stack gap="xs" data-testid="portal-recheck">
      <Text size="sm">Fixed something? Ask for a re-check: we look at your site again now.</Text>
      <Button
        leftSection={<IconRefresh size={16} />}
        loading={recheck.isPending}
        onClick={ask}
        style={{ alignSelf: 'flex-start' }}
        data-testid="portal-recheck-button"
      >
        Ask for a re-check
      </Button>
      {recheck.data?.status === 202 && (
        <Alert color="green" data-testid="portal-recheck-result" data-result="started">
          {RECHECK_STARTED}
        </Alert>
      )}
      {running && (
        <Alert color="blue" data-testid="portal-recheck-result" data-result="running">
          {recheck.error?.message ?? RECHECK_ALREADY_RUNNING}
        </Alert>
      )}
      {recheck.isError && !running && (
        <Alert color="orange" data-testid="portal-recheck-result" data-result="refused">
          {recheck.error.message}
        </Alert>
      )}
    </Stack>
  );
}
