import { Stack } from '@mantine/core';
import { WorkspaceSettingsLayout } from '@/components/layouts/workspace-settings-layout';
import { InviteMemberForm } from '@/features/invitations/components/invite-member-form';
import { PendingInvitations } from '@/features/invitations/components/pending-invitations';

export default function InvitationsRoute() {
  return (
    <WorkspaceSettingsLayout title="Invitations" permission="invitations.manage">
      <Stack gap="lg">
        <InviteMemberForm />
        <PendingInvitations />
      </Stack>
    </WorkspaceSettingsLayout>
  );
}
