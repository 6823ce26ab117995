import { Alert } from '@mantine/core';
import { workspaceMessages, WORKSPACE_PERMISSIONS, type WorkspacePermission } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { RequiresPermission, useCurrentWorkspace } from '@/lib/workspace';
import { ContentLayout } from './content-layout';

interface WorkspaceSettingsLayoutProps {
  title: string;
  /** What the screen needs; a role without it (a link followed by hand) reads why not, as the API would say. */
  permission: WorkspacePermission;
  children: ReactNode;
}

/** A workspace settings screen: titled with the workspace's name, shown to the roles that may use it. */
export function WorkspaceSettingsLayout({ title, permission, children }: WorkspaceSettingsLayoutProps) {
  const { workspace } = useCurrentWorkspace();
  return (
    <ContentLayout title={`${title} · ${workspace.name}`}>
      <RequiresPermission
        permission={permission}
        fallback={
          <Alert color="yellow" data-testid="permission-denied">
            {workspaceMessages.roleTooLow(workspace.role, WORKSPACE_PERMISSIONS[permission])}
          </Alert>
        }
      >
        {children}
      </RequiresPermission>
    </ContentLayout>
  );
}
