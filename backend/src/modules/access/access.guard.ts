import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  API_KEY_PREFIX,
  can,
  isWorkspacePermission,
  MESSAGES,
  PEOPLE_ONLY_PERMISSIONS,
  ssoMessages,
  WORKSPACE_HEADER,
  WORKSPACE_PERMISSIONS,
  workspaceMessages,
  type Permission,
} from '@vendorwatch/contracts';
import { WorkspacesRepository, type AccessMembershipRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { IS_PUBLIC, type AuthUser } from '../../common/auth-user';
import { NotFoundError } from '../../common/errors';
import { apiAuthFailureMessage } from '../api-auth/auth-failure';
import { BearerAuthenticator } from '../api-auth/bearer-authenticator';
import { ApiKeyAuthenticator, type AuthenticatedKey } from './api-key-authenticator';
import { REQUIRED_PERMISSION } from './requires.decorator';
import type { AccessRequest, WorkspaceContext } from './workspace-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one guard of /api. For every route under /api that is not `@Public()`:
 * 1. who is calling — a person's access token (as the embedded auth or a hosted Supabase project
 *    signed it; with a second factor when the account has one), or a workspace API key
 *    (`Authorization: Bearer vwk_…`);
 * 2. in which workspace — the route's `:workspaceId`, else the `X-Workspace-Id` header, else the
 *    caller's personal workspace (a key: its own workspace); 403 "Not a member of this workspace"
 *    for one the caller does not belong to, read afresh on every request;
 * 3. whether the caller's role there allows the route's declared permission (`@Requires`);
 * 4. for a workspace that requires SSO, that a person's session came through it (owners excepted).
 * A route that declares no permission (the start-up check refuses one under /api) runs for a person
 * without a workspace, and refuses API keys.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: BearerAuthenticator,
    private readonly keys: ApiKeyAuthenticator,
    private readonly workspaces: WorkspacesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<AccessRequest>();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) || !isApiRoute(request)) return true;
    const permission = this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);

    const key = apiKeyOf(request);
    if (key !== undefined) {
      if (!permission) throw new ForbiddenException(MESSAGES.access.keyNotAccepted);
      if (permission === 'account' || (PEOPLE_ONLY_PERMISSIONS as readonly string[]).includes(permission))
        throw new ForbiddenException(MESSAGES.access.peopleOnly);
      const caller = await this.keys.authenticate(key);
      request.caller = { type: 'api_key', id: caller.id, label: caller.name };
      request.workspace = this.keyWorkspace(caller, request, permission);
      return true;
    }

    const user = await this.authenticatePerson(request);
    request.user = user;
    if (!permission) return true;
    request.caller = { type: 'user', id: user.id, label: user.email };
    // A caller permission (`account`, `workspaces.list`) acts for the person, in no workspace.
    if (isWorkspacePermission(permission)) {
      const membership = await this.membershipOf(user, request);
      request.workspace = checked(
        {
          workspaceId: membership.workspaceId,
          role: membership.role,
          personal: membership.personal,
          actor: request.caller,
          userId: user.id,
        },
        permission,
      );
    }
    return true;
  }

  private async authenticatePerson(request: AccessRequest): Promise<AuthUser> {
    const authentication = await this.tokens.authenticate(request);
    if (!authentication.user) throw new UnauthorizedException(apiAuthFailureMessage(authentication.failure));
    // Signed in with the password only: the app asks for the code before anything else works.
    if (authentication.secondFactorMissing) throw new UnauthorizedException(MESSAGES.auth.secondFactorRequired);
    return authentication.user;
  }

  private async membershipOf(user: AuthUser, request: AccessRequest): Promise<AccessMembershipRow> {
    const named = requestedWorkspace(request);
    const membership = named ? await this.workspaces.findForUser(user.id, named) : await this.workspaces.personalOf(user.id);
    if (!membership) throw new ForbiddenException(MESSAGES.access.notMember);
    // SSO required (issue 42): a password session no longer opens it, except an owner's (the way back in
    // when the provider is broken). API keys are not people's sessions and keep working.
    if (membership.ssoRequired && !user.ssoSignIn && membership.role !== 'owner')
      throw new ForbiddenException(ssoMessages.workspaceRequiresSso(this.config.AUTH_OIDC_NAME));
    return membership;
  }

  /** A key acts in its own workspace only: a route or header naming another is refused as for a non-member. */
  private keyWorkspace(key: AuthenticatedKey, request: AccessRequest, permission: Permission): WorkspaceContext {
    if (isWorkspacePermission(permission)) {
      const named = requestedWorkspace(request);
      if (named && named !== key.workspaceId) throw new ForbiddenException(MESSAGES.access.notMember);
    }
    const actor = { type: 'api_key' as const, id: key.id, label: key.name };
    const context = { workspaceId: key.workspaceId, role: key.role, personal: key.personal, actor, userId: key.createdBy };
    return checked(context, permission);
  }
}

/** The context, if its role allows the permission; 403 saying which role it needs otherwise. */
function checked(context: WorkspaceContext, permission: Permission): WorkspaceContext {
  if (isWorkspacePermission(permission) && !can(context.role, permission))
    throw new ForbiddenException(workspaceMessages.roleTooLow(context.role, WORKSPACE_PERMISSIONS[permission]));
  return context;
}

/**
 * The workspace the request names: a route under /api/workspaces/:workspaceId acts in that one
 * (an id that cannot be one: 404, as any malformed id), any other in the X-Workspace-Id header's
 * (one that is not a workspace id: 400). Lower-cased, as the database prints ids.
 */
function requestedWorkspace(request: AccessRequest): string | undefined {
  const fromPath = (request.params as Record<string, string> | undefined)?.workspaceId;
  if (fromPath !== undefined) {
    if (!UUID.test(fromPath)) throw new NotFoundError(MESSAGES.workspaces.notFound);
    return fromPath.toLowerCase();
  }
  const header = request.headers[WORKSPACE_HEADER];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (!UUID.test(value)) throw new BadRequestException(MESSAGES.access.invalidWorkspaceHeader);
  return value.toLowerCase();
}

/** The API key the request carries (`Authorization: Bearer vwk_…`), if it carries one rather than a token. */
function apiKeyOf(request: AccessRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1]?.startsWith(API_KEY_PREFIX) ? match[1] : undefined;
}

/**
 * Decided on the matched route's pattern, not the raw URL, so no spelling of a path
 * (percent-encoding, dot segments) can reach an /api handler without passing here.
 */
function isApiRoute(request: AccessRequest): boolean {
  const path = request.routeOptions?.url ?? request.url;
  return path === '/api' || path.startsWith('/api/');
}
