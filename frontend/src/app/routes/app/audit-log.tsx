import { WorkspaceSettingsLayout } from '@/components/layouts/workspace-settings-layout';
import { AuditLog } from '@/features/audit-log/components/audit-log';

export default function AuditLogRoute() {
  return (
    <WorkspaceSettingsLayout title="Audit log" permission="auditLog.read">
      <AuditLog />
    </WorkspaceSettingsLayout>
  );
}
