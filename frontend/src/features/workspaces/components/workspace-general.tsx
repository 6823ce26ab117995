import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { LIMITS, MESSAGES, workspaceInputSchema } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCan, useCurrentWorkspace } from '@/lib/workspace';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { useRenameWorkspace } from '../api/rename-workspace';

/** The workspace's name and, for a shared one, its deletion: an owner's. */
export function WorkspaceGeneral() {
  const { workspace, workspaces, switchTo } = useCurrentWorkspace();
  const canRename = useCan('workspace.update');
  const canDelete = useCan('workspace.delete') && !workspace.personal;
  const rename = useRenameWorkspace();
  const remove = useDeleteWorkspace();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: workspace.name },
    validate: zodValidate(workspaceInputSchema),
  });
  if (!canRename) return null;

  const submit = form.onSubmit(
    (values) =>
      rename.mutate(
        { workspaceId: workspace.id, data: workspaceInputSchema.parse(values) },
        { onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );
  const onDelete = () => {
    if (!window.confirm(MESSAGES.workspaces.confirmDelete)) return;
    const personal = workspaces.find((item) => item.personal);
    remove.mutate(
      { workspaceId: workspace.id },
      // Moved on by choice, not by losing access: the personal workspace, without a warning.
      { onSuccess: () => personal && switchTo(personal.id) },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Workspace
      </Title>
      <Stack>
        <form onSubmit={submit} noValidate aria-label="Rename workspace">
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              maxLength={LIMITS.workspaces.nameMaxLength}
              style={{ flex: '1 1 220px' }}
              data-testid="workspace-rename-name"
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <Button type="submit" variant="default" mt={{ base: 0, xs: 25 }} loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </form>
        {canDelete && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              Deleting the workspace deletes its vendors, crawls, reports and keys for every member.
            </Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
              loading={remove.isPending}
            >
              Delete workspace
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
