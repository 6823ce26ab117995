import { Button, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { MESSAGES, type Invitation } from '@vendorwatch/contracts';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { ListCard } from '@/components/ui/list-card';
import { useCurrentWorkspace } from '@/lib/workspace';
import { RoleBadge } from '@/components/ui/role-badge';
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
    <ListCard
      title="Pending invitations"
      query={invitations}
      loadingLabel="Loading invitations"
      errorTitle={MESSAGES.invitations.loadFailed}
      emptyText={MESSAGES.invitations.none}
      emptyTestId="invitations-empty"
    >
      {(rows) => (
        <ResponsiveTable
          label="Pending invitations"
          rows={rows}
          rowKey={(invitation) => invitation.id}
          columns={columns}
          rowTestId="invitation-row"
        />
      )}
    </ListCard>
  );
}
