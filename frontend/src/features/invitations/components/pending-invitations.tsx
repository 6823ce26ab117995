import { Alert, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MESSAGES, type Invitation } from '@vendorwatch/contracts';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { SectionLoader } from '@/components/ui/section-loader';
import { useCurrentWorkspace } from '@/lib/workspace';
import { RoleBadge } from '@/features/workspaces/components/role-badge';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';

/** Invitations not yet accepted, withdrawn or lapsed, each with Revoke. */
export function PendingInvitations() {
  const { workspace } = useCurrentWorkspace();
  const invitations = useInvitations({ workspaceId: workspace.id });
  const revoke = useRevokeInvitation();

  const columns: ResponsiveColumn<Invitation>[] = [
    {
      header: 'Email',
      cell: (invitation) => (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {invitation.email}
        </Text>
      ),
    },
    { header: 'Role', cell: (invitation) => <RoleBadge role={invitation.role} /> },
    { header: 'Expires', cell: (invitation) => <Text size="sm">{new Date(invitation.expiresAt).toLocaleString()}</Text> },
    {
      header: '',
      align: 'right',
      cell: (invitation) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconX size={14} />}
          loading={revoke.isPending && revoke.variables.invitation.id === invitation.id}
          onClick={() => revoke.mutate({ workspaceId: workspace.id, invitation })}
          aria-label={`Revoke the invitation to ${invitation.email}`}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={3} size="h4">
          Pending invitations
        </Title>
        {invitations.data && <Badge variant="light">{invitations.data.length}</Badge>}
      </Group>
      {invitations.isPending ? (
        <SectionLoader label="Loading invitations" />
      ) : invitations.isError ? (
        <Alert color="red" title={MESSAGES.invitations.loadFailed}>
          {invitations.error.message}
        </Alert>
      ) : invitations.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="md" data-testid="invitations-empty">
          {MESSAGES.invitations.none}
        </Text>
      ) : (
        <ResponsiveTable
          label="Pending invitations"
          rows={invitations.data}
          rowKey={(invitation) => invitation.id}
          columns={columns}
          rowTestId="invitation-row"
        />
      )}
    </Card>
  );
}
