import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import { plural, roleAtLeast } from '@vendorwatch/contracts';
import { useState } from 'react';
import { useCurrentWorkspace } from '@/lib/workspace';
import { useMoveVendors } from '../api/move-vendors';

/**
 * "Move to workspace…" for the chosen vendors: to another workspace where the user is admin or owner
 * (the API checks it again), with their crawls, reports, schedules, settings and programme records.
 */
export function MoveVendorsButton({ vendorIds, onMoved }: { vendorIds: string[]; onMoved: () => void }) {
  const [opened, dialog] = useDisclosure(false);
  const { workspace, workspaces } = useCurrentWorkspace();
  const destinations = workspaces.filter((each) => each.id !== workspace.id && roleAtLeast(each.role, 'admin'));
  const [target, setTarget] = useState<string | null>(null);
  const move = useMoveVendors();
  if (destinations.length === 0) return null;

  const submit = () => {
    if (!target) return;
    move.mutate(
      { vendorIds, toWorkspaceId: target },
      {
        onSuccess: () => {
          dialog.close();
          setTarget(null);
          onMoved();
        },
      },
    );
  };

  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconArrowsRightLeft size={14} />}
        onClick={dialog.open}
        data-testid="move-vendors"
      >
        Move to workspace… ({vendorIds.length})
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={`Move ${plural(vendorIds.length, 'vendor')}`}>
        <Stack>
          <Text size="sm">
            They leave {workspace.name} with their crawls, reports, schedules, crawler settings, reviews, requests, documents and
            risk acceptances. Workspaces where you are admin or owner:
          </Text>
          <Select
            label="To workspace"
            placeholder="Choose a workspace"
            data={destinations.map((each) => ({ value: each.id, label: each.personal ? `${each.name} (personal)` : each.name }))}
            value={target}
            onChange={setTarget}
            data-testid="move-target"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={dialog.close}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!target} loading={move.isPending} data-testid="move-submit">
              Move
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
