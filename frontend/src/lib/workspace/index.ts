export { getWorkspacesQueryOptions, useWorkspaces } from './get-workspaces';
export { PermissionFieldset } from './permission-fieldset';
export { RequiresPermission } from './requires-permission';
export { useCan, useCurrentWorkspace, WorkspaceContext, type WorkspaceContextValue } from './workspace-context';
