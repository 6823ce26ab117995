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
import { useState } from 'react';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { ListCard } from '@/components/ui/list-card';
import { useUser } from '@/lib/auth';
import { useCan, useCurrentWorkspace } from '@/lib/workspace';
import { RoleBadge } from '@/components/ui/role-badge';
import { useChangeMemberRole } from '../api/change-member-role';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { ConfirmRoleChange, type RoleChange } from './confirm-role-change';

/**
 * What the API would refuse, mirrored so the screen does not offer it (the API still refuses it):
 * only an owner touches an owner's role; a workspace keeps an owner, and a personal workspace its own.
 */
const mayChange = (myRole: WorkspaceRole, member: WorkspaceMember) => myRole === 'owner' || member.role !== 'owner';
const keepsOwner = (member: WorkspaceMember, rows: readonly WorkspaceMember[], personalOwner: string | undefined) =>
  member.role === 'owner' && (member.email === personalOwner || rows.filter(({ role }) => role === 'owner').length === 1);
const assignableRoles = (myRole: WorkspaceRole) =>
  WORKSPACE_ROLES.filter((role) => (myRole === 'owner' ? true : role !== 'owner' && roleAtLeast(myRole, role)));

/**
 * The current workspace's members: role changes and removal for owners and admins, offered only where
 * the API would allow them (never one's own role, never the owner a workspace cannot do without).
 */
export function MembersList() {
  const { workspace } = useCurrentWorkspace();
  const me = useUser();
  const canManage = useCan('members.manage');
  const members = useMembers({ workspaceId: workspace.id });
  const rows = members.data ?? [];
  // The user a personal workspace belongs to: the list names another's owner; without a name it is the user's own.
  const personalOwner = workspace.personal ? (workspace.ownerEmail ?? me?.email) : undefined;
  const isMe = (member: WorkspaceMember) => member.userId === me?.id;
  /** Whether the member may be removed, or (anyone but oneself) given another role, by this user. */
  const mayRemove = (member: WorkspaceMember) =>
    canManage && mayChange(workspace.role, member) && !keepsOwner(member, rows, personalOwner);
  const mayChangeRole = (member: WorkspaceMember) => mayRemove(member) && !isMe(member);
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [pendingChange, setPendingChange] = useState<RoleChange>();

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
          {isMe(member) && (
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
        mayChangeRole(member) ? (
          <Select
            size="xs"
            w={130}
            aria-label={`Role of ${member.email}`}
            data={assignableRoles(workspace.role)}
            value={member.role}
            allowDeselect={false}
            disabled={changeRole.isPending && changeRole.variables.member.userId === member.userId}
            onChange={(role) => role && role !== member.role && setPendingChange({ member, role: role as WorkspaceRole })}
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
        mayRemove(member) && (
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
      title={`Members of ${workspaceMessages.displayName(workspace)}`}
      query={members}
      loadingLabel="Loading members"
      errorTitle={MESSAGES.workspaces.membersLoadFailed}
    >
      {(rows) => (
        <>
          <ResponsiveTable
            label="Members"
            rows={rows}
            rowKey={(member) => member.userId}
            columns={columns}
            rowTestId="member-row"
          />
          <ConfirmRoleChange
            change={pendingChange}
            onCancel={() => setPendingChange(undefined)}
            onConfirm={({ member, role }) => {
              setPendingChange(undefined);
              changeRole.mutate({ workspaceId: workspace.id, member, role });
            }}
          />
        </>
      )}
    </ListCard>
  );
}
