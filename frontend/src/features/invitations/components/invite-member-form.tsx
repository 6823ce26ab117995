import { Button, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { invitationInputSchema, LIMITS, rolesUpTo, type WorkspaceRole } from '@vendorwatch/contracts';
import { focusFirstError, setServerFieldErrors, zodValidate } from '@/lib/form';
import { useCurrentWorkspace } from '@/lib/workspace';
import { useCreateInvitation } from '../api/create-invitation';

interface InviteFormValues {
  email: string;
  role: WorkspaceRole;
}

/** Invite by email with a role no higher than the inviter's own (the API refuses a higher one). */
export function InviteMemberForm() {
  const { workspace } = useCurrentWorkspace();
  const invite = useCreateInvitation();
  const form = useForm<InviteFormValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', role: 'viewer' },
    validate: zodValidate(invitationInputSchema),
  });
  const roles = rolesUpTo(workspace.role);

  const submit = form.onSubmit(
    (values) =>
      invite.mutate(
        { workspaceId: workspace.id, data: invitationInputSchema.parse(values) },
        { onSuccess: () => form.reset(), onError: (error) => setServerFieldErrors(form, error) },
      ),
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} size="h4" mb="md">
        Invite someone
      </Title>
      <form onSubmit={submit} noValidate aria-label="Invite someone" data-testid="invite-form">
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            maxLength={LIMITS.auth.emailMaxLength}
            style={{ flex: '1 1 220px' }}
            data-testid="invite-email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            data={roles}
            allowDeselect={false}
            w={{ base: '100%', xs: 140 }}
            data-testid="invite-role"
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconMailForward size={16} />}
            loading={invite.isPending}
            data-testid="invite-submit"
          >
            Send invitation
          </Button>
        </Group>
      </form>
    </Card>
  );
}
