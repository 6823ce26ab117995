import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward } from '@tabler/icons-react';
import { invitationInputSchema, LIMITS, rolesUpTo, type WorkspaceRole } from '@vendorwatch/contracts';
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

  return (
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
  );
}
