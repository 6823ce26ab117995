import type { WorkspacePermission } from '@vendorwatch/contracts';
import type { ReactNode } from 'react';
import { useCan } from './workspace-context';

interface RequiresPermissionProps {
  permission: WorkspacePermission;
  children: ReactNode;
  /** What a role without the permission sees instead (nothing by default). */
  fallback?: ReactNode;
}

/** Shows its children only to a role that may do what they do; the API refuses the rest anyway (403). */
export function RequiresPermission({ permission, children, fallback = null }: RequiresPermissionProps) {
  return useCan(permission) ? children : fallback;
}
