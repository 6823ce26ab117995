import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, workspaceInputSchema, type Workspace } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCreateWorkspace } from '../api/create-workspace';

interface CreateWorkspaceModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (workspace: Workspace) => void;
}

export function CreateWorkspaceModal({ opened, onClose, onCreated }: CreateWorkspaceModalProps) {
  const createWorkspace = useCreateWorkspace();
  const form = useForm({ mode: 'uncontrolled', initialValues: { name: '' }, validate: zodValidate(workspaceInputSchema) });

  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(
    (values) =>
      createWorkspace.mutate(workspaceInputSchema.parse(values), {
        onSuccess: (created) => {
          close();
          onCreated(created);
        },
        onError: (error) => setServerFieldErrors(form, error),
      }),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Modal opened={opened} onClose={close} title="Create workspace">
      <form onSubmit={submit} noValidate aria-label="Create workspace">
        <Stack>
          <TextInput
            label="Name"
            data-autofocus
            maxLength={LIMITS.workspaces.nameMaxLength}
            data-testid="workspace-name"
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createWorkspace.isPending} data-testid="workspace-create-submit">
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
