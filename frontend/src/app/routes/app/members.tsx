import { WorkspaceSettingsLayout } from '@/components/layouts/workspace-settings-layout';
import { MembersList } from '@/features/members/components/members-list';

export default function MembersRoute() {
  return (
    <WorkspaceSettingsLayout title="Members" permission="members.manage">
      <MembersList />
    </WorkspaceSettingsLayout>
  );
}
