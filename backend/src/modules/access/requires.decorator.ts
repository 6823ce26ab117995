import { SetMetadata } from '@nestjs/common';
import type { Permission } from '@vendorwatch/contracts';
import { REQUIRED_PERMISSION } from '../../common/route-metadata';

export { REQUIRED_PERMISSION };

/**
 * Declares what a route does, so the one /api guard can decide who may call it: a workspace
 * permission (`'vendors.write'`: the caller's role in the request's workspace must reach the
 * permission's least role, WORKSPACE_PERMISSIONS in contracts) or a caller permission (`'account'`,
 * `'workspaces.list'`). On a controller, it covers every route of it that declares none.
 */
export const Requires = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);
