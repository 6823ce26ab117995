import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import {
  MESSAGES,
  roleAtLeast,
  WORKSPACE_ROLES,
  workspaceMessages,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@vendorwatch/contracts';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { ListCard } from '@/components/ui/list-card';
import { useUser } from '@/lib/auth';
import { useCurrentWorkspace } from '@/lib/workspace';
import { RoleBadge } from '@/components/ui/role-badge';
import { useChangeMemberRole } from '../api/change-member-role';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';

/** Only an owner touches an owner's role or makes someone owner (the API's rule, mirrored to hide what it would refuse). */
const mayChange = (myRole: WorkspaceRole, member: WorkspaceMember) => myRole === 'owner' || member.role !== 'owner';
const assignableRoles = (myRole: WorkspaceRole) =>
  WORKSPACE_ROLES.filter((role) => (myRole === 'owner' ? true : role !== 'owner' && roleAtLeast(myRole, role)));

/** The current workspace's members: role changes and removal for owners and admins. */
export function MembersList() {
  const { workspace } = useCurrentWorkspace();
  const me = useUser();
  const members = useMembers({ workspaceId: workspace.id });
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();

  const onRemove = (member: WorkspaceMember) => {
    if (!window.confirm(workspaceMessages.confirmRemoveMember(member.email))) return;
    remove.mutate({ workspaceId: workspace.id, member });
  };

  const columns: ResponsiveColumn<WorkspaceMember>[] = [
    {
      header: 'Member',
      cell: (member) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {member.email}
          </Text>
          {member.userId === me?.id && (
            <Badge size="xs" variant="outline" color="gray">
              you
            </Badge>
          )}
        </Group>
      ),
    },
    {
      header: 'Role',
      cell: (member) =>
        mayChange(workspace.role, member) ? (
          <Select
            size="xs"
            w={130}
            aria-label={`Role of ${member.email}`}
            data={assignableRoles(workspace.role)}
            value={member.role}
            allowDeselect={false}
            disabled={changeRole.isPending && changeRole.variables.member.userId === member.userId}
            onChange={(role) =>
              role &&
              role !== member.role &&
              changeRole.mutate({ workspaceId: workspace.id, member, role: role as WorkspaceRole })
            }
            data-testid="member-role"
          />
        ) : (
          <RoleBadge role={member.role} />
        ),
    },
    { header: 'Joined', cell: (member) => <Text size="sm">{new Date(member.joinedAt).toLocaleDateString()}</Text> },
    {
      header: '',
      align: 'right',
      cell: (member) =>
        mayChange(workspace.role, member) && (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconUserMinus size={14} />}
            loading={remove.isPending && remove.variables.member.userId === member.userId}
            onClick={() => onRemove(member)}
            aria-label={`Remove ${member.email}`}
          >
            Remove
          </Button>
        ),
    },
  ];

  return (
    <ListCard
      title={`Members of ${workspace.name}`}
      query={members}
      loadingLabel="Loading members"
      errorTitle={MESSAGES.workspaces.membersLoadFailed}
    >
      {(rows) => (
        <ResponsiveTable
          label="Members"
          rows={rows}
          rowKey={(member) => member.userId}
          columns={columns}
          rowTestId="member-row"
        />
      )}
    </ListCard>
  );
}
