import { Stack } from '@mantine/core';
import { WorkspaceSettingsLayout } from '@/components/layouts/workspace-settings-layout';
import { MembersList } from '@/features/members/components/members-list';
import { SsoSettings } from '@/features/workspaces/components/sso-settings';
import { WorkspaceGeneral } from '@/features/workspaces/components/workspace-general';

export default function MembersRoute() {
  return (
    <WorkspaceSettingsLayout title="Members" permission="members.manage">
      <Stack gap="lg">
        <WorkspaceGeneral />
        <MembersList />
        <SsoSettings />
      </Stack>
    </WorkspaceSettingsLayout>
  );
}
