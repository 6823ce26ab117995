import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { MESSAGES, type AccountSession } from '@vendorwatch/contracts';
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

function SessionsTable({ sessions }: { sessions: AccountSession[] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table data-testid="sessions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Browser</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Signed in</Table.Th>
            <Table.Th>Last active</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" lineClamp={1} title={session.userAgent ?? undefined}>
                    {session.userAgent ?? 'Unknown browser'}
                  </Text>
                  {session.current && (
                    <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
                      This session
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{session.ip ?? '—'}</Table.Td>
              <Table.Td>{when(session.createdAt)}</Table.Td>
              <Table.Td>{when(session.lastActiveAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
