import { WorkspaceSettingsLayout } from '@/components/layouts/workspace-settings-layout';
import { ApiKeys } from '@/features/api-keys/components/api-keys';

export default function ApiKeysRoute() {
  return (
    <WorkspaceSettingsLayout title="API keys" permission="apiKeys.manage">
      <ApiKeys />
    </WorkspaceSettingsLayout>
  );
}
