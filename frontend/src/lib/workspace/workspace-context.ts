import { can, type Workspace, type WorkspacePermission } from '@vendorwatch/contracts';
import { createContext, useContext } from 'react';

export interface WorkspaceContextValue {
  /** The workspace every /api request acts in, with the signed-in user's role there. */
  workspace: Workspace;
  /** Every workspace the user belongs to. */
  workspaces: Workspace[];
  /** Makes another of `workspaces` the current one: remembered, cached data dropped, screens reloaded. */
  switchTo: (workspaceId: string) => void;
}

export const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export const useCurrentWorkspace = (): WorkspaceContextValue => {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useCurrentWorkspace must be used inside <WorkspaceProvider>');
  return value;
};

/** Whether the signed-in user's role in the current workspace allows `permission` (the table in contracts). */
export const useCan = (permission: WorkspacePermission): boolean => can(useCurrentWorkspace().workspace.role, permission);
