import { Alert, Button, CopyButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconMailForward } from '@tabler/icons-react';
import {
  invitationInputSchema,
  LIMITS,
  rolesUpTo,
  workspaceMessages,
  type CreatedInvitation,
  type WorkspaceRole,
} from '@vendorwatch/contracts';
import { InlineFormCard } from '@/components/forms/inline-form-card';
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

  const unsent = invite.data && !invite.data.emailed && invite.data.link ? invite.data : undefined;
  return (
    <Stack gap="sm">
      <InlineFormCard
        title="Invite someone"
        testId="invite-form"
        onSubmit={submit}
        submit={{
          label: 'Send invitation',
          icon: <IconMailForward size={16} />,
          pending: invite.isPending,
          testId: 'invite-submit',
        }}
      >
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
      </InlineFormCard>
      {unsent && <InvitationLink invitation={unsent} />}
    </Stack>
  );
}

/** The link of an invitation no email carried (no email server): to copy and send by other means. */
function InvitationLink({ invitation }: { invitation: CreatedInvitation }) {
  const link = invitation.link ?? '';
  return (
    <Alert color="blue" title="Send this link yourself" data-testid="invitation-link">
      <Stack gap="xs">
        <Text size="sm">{workspaceMessages.invitationNotEmailed(invitation.email)}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Invitation link"
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
