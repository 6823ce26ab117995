import { Inject, Injectable, Logger } from '@nestjs/common';
import { LIMITS, roleFromGroups, ssoMessages, type WorkspaceRole } from '@vendorwatch/contracts';
import { WorkspaceMembersRepository, WorkspaceSsoRepository, type UserRow, type WorkspaceSsoRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { AuditTrail, type AuditRecord } from '../audit-log/audit-trail';
import type { SsoSignInHook } from '../auth-server/oidc/sso-sign-in-hook';

/** Group names read from a claim: a list of strings (or one string), each bounded; anything else is no group. */
export function groupsOf(claim: unknown): string[] {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  return values.filter((value): value is string => typeof value === 'string' && value.length <= 1000).slice(0, 1000);
}

/**
 * At each SSO sign-in, the person's membership of every linked workspace follows the groups the
 * provider asserts: added, given another role, or removed (no mapped group and no default role).
 * An owner is never changed by a claim. Each change has its audit entry, made by the provider.
 */
@Injectable()
export class SsoMemberships implements SsoSignInHook {
  private readonly logger = new Logger('SsoMemberships');

  constructor(
    private readonly links: WorkspaceSsoRepository,
    private readonly members: WorkspaceMembersRepository,
    private readonly trail: AuditTrail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async afterSignIn(user: UserRow, claims: Record<string, unknown>, clientAddress: string | null): Promise<void> {
    for (const link of await this.links.listLinked()) {
      await this.follow(link, user, claims, clientAddress);
    }
  }

  private async follow(link: WorkspaceSsoRow, user: UserRow, claims: Record<string, unknown>, clientAddress: string | null) {
    const role = roleFromGroups(groupsOf(claims[link.groupClaim]), link.groupRoles, link.defaultRole);
    const current = await this.members.find(link.workspaceId, user.id);
    if (current?.role === 'owner' || current?.role === role) return;
    const entry = (action: AuditRecord['action'], summary: Record<string, unknown>): AuditRecord => ({
      workspaceId: link.workspaceId,
      actor: { type: 'user', id: null, label: ssoMessages.actorLabel(this.config.AUTH_OIDC_NAME) },
      action,
      targetType: 'member',
      targetId: user.id,
      summary: { email: user.email, ...summary },
      clientAddress,
    });
    if (!current && role) {
      // A full workspace takes no one more, whoever brings them (as for invitations).
      if ((await this.members.count(link.workspaceId)) >= LIMITS.workspaces.maxMembers) {
        this.logger.warn(`Workspace ${link.workspaceId} is full: ${user.email} was not added by the provider's groups`);
        return;
      }
      await this.trail.recordWith(
        () => this.links.addMember(link.workspaceId, user.id, role),
        (added) => (added ? entry('member.join', { role }) : null),
      );
    } else if (current && role) {
      await this.trail.recordWith(
        () => this.members.setRole(link.workspaceId, user.id, role),
        (outcome) => (typeof outcome === 'object' ? entry('member.role_change', { previousRole: current.role, role }) : null),
      );
    } else if (current) {
      const previous: WorkspaceRole = current.role;
      await this.trail.recordWith(
        () => this.members.remove(link.workspaceId, user.id),
        (outcome) => (outcome === 'removed' ? entry('member.remove', { role: previous }) : null),
      );
    }
  }
}
