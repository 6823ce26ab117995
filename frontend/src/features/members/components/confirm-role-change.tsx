import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { workspaceMessages, type WorkspaceMember, type WorkspaceRole } from '@vendorwatch/contracts';
import { useState } from 'react';

export interface RoleChange {
  member: WorkspaceMember;
  role: WorkspaceRole;
}

/**
 * Asks before a role changes: a selection alone must not hand out or take away access. Making
 * someone an owner (who can then remove everyone else) asks for their email address typed out.
 */
export function ConfirmRoleChange({
  change,
  onConfirm,
  onCancel,
}: {
  change: RoleChange | undefined;
  onConfirm: (change: RoleChange) => void;
  onCancel: () => void;
}) {
  const [typed, setTyped] = useState('');
  const close = () => {
    setTyped('');
    onCancel();
  };
  const toOwner = change?.role === 'owner';
  const confirmed = !toOwner || typed.trim().toLowerCase() === change?.member.email.toLowerCase();

  return (
    <Modal opened={change !== undefined} onClose={close} title="Change role" centered>
      {change && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmed) return;
            setTyped('');
            onConfirm(change);
          }}
        >
          <Stack gap="md">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {toOwner
                ? workspaceMessages.confirmMakeOwner(change.member.email)
                : workspaceMessages.confirmRoleChange(change.member.email, change.member.role, change.role)}
            </Text>
            {toOwner && (
              <TextInput
                label="Their email address"
                placeholder={change.member.email}
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                autoComplete="off"
                data-autofocus
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color={toOwner ? 'red' : undefined} disabled={!confirmed}>
                {toOwner ? 'Make owner' : `Make ${change.role}`}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
