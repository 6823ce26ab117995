import { Button, Group, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { MESSAGES, workspaceMessages } from '@vendorwatch/contracts';
import { useCurrentWorkspace } from '@/lib/workspace';
import { CreateWorkspaceModal } from './create-workspace-modal';
import { RoleBadge } from '@/components/ui/role-badge';

/**
 * The top bar's workspace menu: every workspace of the user with their role, and "Create workspace".
 * Another user's personal workspace shows its owner, so it is not a second "Personal".
 */
export function WorkspaceSwitcher() {
  const { workspace, workspaces, switchTo } = useCurrentWorkspace();
  const [creating, createModal] = useDisclosure(false);

  return (
    <>
      <Menu position="bottom-start" width={280} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronDown size={14} />}
            maw={{ base: 150, sm: 240 }}
            styles={{ label: { overflow: 'hidden' } }}
            aria-label={`Workspace: ${workspaceMessages.displayName(workspace)}`}
            data-testid="workspace-switcher"
          >
            <Text size="xs" fw={500} truncate>
              {workspaceMessages.displayName(workspace)}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="workspace-menu">
          <Menu.Label>Workspaces</Menu.Label>
          {workspaces.map((item) => (
            <Menu.Item
              key={item.id}
              onClick={() => item.id !== workspace.id && switchTo(item.id)}
              leftSection={item.id === workspace.id ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
              aria-current={item.id === workspace.id ? 'true' : undefined}
              data-testid="workspace-option"
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>
                  {workspaceMessages.displayName(item)}
                  {item.personal && item.name !== MESSAGES.workspaces.personal && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({MESSAGES.workspaces.personal})
                    </Text>
                  )}
                </Text>
                <RoleBadge role={item.role} size="xs" />
              </Group>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={14} />} onClick={createModal.open} data-testid="workspace-create">
            Create workspace
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CreateWorkspaceModal opened={creating} onClose={createModal.close} onCreated={(created) => switchTo(created.id)} />
    </>
  );
}
