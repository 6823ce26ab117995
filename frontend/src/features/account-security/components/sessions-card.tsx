import { Alert, Badge, Box, Button, Group, Text } from '@mantine/core';
import { MESSAGES, type AccountSession } from '@vendorwatch/contracts';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { SectionLoader } from '@/components/ui/section-loader';
import { isApiError } from '@/lib/api-error';
import { useSessions } from '../api/get-sessions';
import { useSignOutOtherSessions } from '../api/sign-out-other-sessions';
import { SectionCard } from './section-card';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Where the user is signed in, and a way to end every session but this one. */
export function SessionsCard() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOtherSessions();
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <SectionCard title="Sessions" description="The browsers signed in to your account.">
      {sessions.isPending ? (
        <SectionLoader />
      ) : sessions.isError ? (
        <Text size="sm" c="dimmed">
          {isApiError(sessions.error) && sessions.error.status === 404
            ? MESSAGES.auth.sessionsUnavailable
            : MESSAGES.auth.loadSessionsFailed}
        </Text>
      ) : (
        <SessionsTable sessions={sessions.data} />
      )}
      {signOutOthers.error && <Alert color="red">{signOutOthers.error.message}</Alert>}
      <Group>
        <Button
          variant="light"
          color="red"
          loading={signOutOthers.isPending}
          disabled={sessions.isSuccess && others === 0}
          onClick={() => signOutOthers.mutate()}
        >
          Sign out other sessions
        </Button>
      </Group>
    </SectionCard>
  );
}

const COLUMNS: readonly ResponsiveColumn<AccountSession>[] = [
  {
    header: 'Browser',
    cell: (session) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" lineClamp={1} miw={0} title={session.userAgent ?? undefined}>
          {session.userAgent ?? 'Unknown browser'}
        </Text>
        {session.current && (
          <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
            This session
          </Badge>
        )}
      </Group>
    ),
  },
  { header: 'Address', cell: (session) => session.ip ?? '—' },
  { header: 'Signed in', cell: (session) => when(session.createdAt) },
  { header: 'Last active', cell: (session) => when(session.lastActiveAt) },
];

/** A table on a laptop, a card per session on a phone (nothing off the right edge). */
function SessionsTable({ sessions }: { sessions: AccountSession[] }) {
  return (
    <Box data-testid="sessions-table">
      <ResponsiveTable
        label="Sessions"
        rows={sessions}
        rowKey={(session) => session.id}
        columns={COLUMNS}
        rowTestId="session-row"
        minWidth={520}
      />
    </Box>
  );
}
