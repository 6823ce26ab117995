import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { WorkspaceRole } from '@vendorwatch/contracts';
import type { WorkspaceId } from '@vendorwatch/db';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth-user';

/** Who is calling: a signed-in person, or a workspace's API key. The audit log records it as it is now. */
export type Actor = { type: 'user'; id: string; label: string } | { type: 'api_key'; id: string; label: string };

/**
 * The workspace a request acts in, the caller's role there (read on this request: a member removed
 * a moment ago has none), and who the caller is. Repositories take `workspaceId`.
 */
export interface WorkspaceContext {
  workspaceId: WorkspaceId;
  role: WorkspaceRole;
  personal: boolean;
  actor: Actor;
  /** The person rows made by this request record as their creator (`user_id`): the caller, or an API key's creator. */
  userId: string;
}

/** What the /api guard puts on a request: the person (JWT), the caller and, where the route acts in one, the workspace. */
export type AccessRequest = FastifyRequest & { user?: AuthUser; caller?: Actor; workspace?: WorkspaceContext };

/**
 * `@Workspace()`: the workspace context of a route that declares a workspace permission
 * (`@Requires('vendors.write')`). A route without one has no workspace: asking for it is a
 * programming error, which the start-up check of declared permissions catches first.
 */
export const Workspace = createParamDecorator((_: unknown, context: ExecutionContext): WorkspaceContext => {
  const workspace = context.switchToHttp().getRequest<AccessRequest>().workspace;
  if (!workspace) throw new Error('@Workspace() on a route that declares no workspace permission');
  return workspace;
});

/** `@KeyWorkspace()`: on a caller route (`workspaces.list`), the workspace an API key acts in; undefined for a person. */
export const KeyWorkspace = createParamDecorator(
  (_: unknown, context: ExecutionContext): WorkspaceContext | undefined =>
    context.switchToHttp().getRequest<AccessRequest>().workspace,
);

/** `@Caller()`: who is calling (a person or an API key), on any route the guard let through with a declared permission. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const caller = context.switchToHttp().getRequest<AccessRequest>().caller;
  if (!caller) throw new Error('@Caller() on a route that declares no permission');
  return caller;
});
