import { Injectable } from '@nestjs/common';
import { MESSAGES, roleAtLeast, WORKSPACE_ROLES, type MemberRoleInput, type WorkspaceMember } from '@vendorwatch/contracts';
import {
  WorkspaceInvitationsRepository,
  WorkspaceMembersRepository,
  WorkspacesRepository,
  type MemberRow,
} from '@vendorwatch/db';
import { ConflictError, ForbiddenError, NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';
import { memberOf } from '../workspaces/workspace-views';

/**
 * A workspace's members. The guard let admins and owners in (`members.manage`); what depends on the
 * member changed is decided here: only an owner touches an owner's role or makes an owner (that is
 * how ownership is transferred), the owner of a personal workspace stays its owner, and the last
 * owner stays (the repository checks that under a lock).
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly members: WorkspaceMembersRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly invitations: WorkspaceInvitationsRepository,
  ) {}

  async list(workspace: WorkspaceContext): Promise<WorkspaceMember[]> {
    return (await this.members.list(workspace.workspaceId)).map(memberOf);
  }

  async changeRole(workspace: WorkspaceContext, userId: string, input: MemberRoleInput): Promise<WorkspaceMember> {
    const member = await this.changeable(workspace, userId, input.role === 'owner');
    noteForAudit({ email: member.email, previousRole: member.role });
    if (member.role === input.role) return memberOf(member);
    const updated = await this.members.setRole(workspace.workspaceId, userId, input.role);
    if (updated === 'not_found') throw new NotFoundError(MESSAGES.workspaces.memberNotFound);
    if (updated === 'last_owner') throw new ConflictError(MESSAGES.workspaces.lastOwner);
    // An invitation is bounded by its inviter now: what they sent above their new role is withdrawn.
    const above = WORKSPACE_ROLES.filter((role) => !roleAtLeast(input.role, role));
    const withdrawn = await this.invitations.revokeSentBy(workspace.workspaceId, userId, above);
    if (withdrawn > 0) noteForAudit({ invitationsWithdrawn: withdrawn });
    return memberOf(updated);
  }

  async remove(workspace: WorkspaceContext, userId: string): Promise<void> {
    const member = await this.changeable(workspace, userId, false);
    noteForAudit({ email: member.email, role: member.role });
    const outcome = await this.members.remove(workspace.workspaceId, userId);
    if (outcome === 'not_found') throw new NotFoundError(MESSAGES.workspaces.memberNotFound);
    if (outcome === 'last_owner') throw new ConflictError(MESSAGES.workspaces.lastOwner);
    const withdrawn = await this.invitations.revokeSentBy(workspace.workspaceId, userId, WORKSPACE_ROLES);
    if (withdrawn > 0) noteForAudit({ invitationsWithdrawn: withdrawn });
  }

  /** The member, if the caller may change their role or remove them. */
  private async changeable(workspace: WorkspaceContext, userId: string, makesOwner: boolean): Promise<MemberRow> {
    const member = await this.members.find(workspace.workspaceId, userId);
    if (!member) throw new NotFoundError(MESSAGES.workspaces.memberNotFound);
    // What touches an owner is how ownership is transferred: for signed-in people, never a key.
    if ((member.role === 'owner' || makesOwner) && workspace.actor.type !== 'user')
      throw new ForbiddenError(MESSAGES.access.peopleOnly);
    if ((member.role === 'owner' || makesOwner) && workspace.role !== 'owner')
      throw new ForbiddenError(MESSAGES.workspaces.ownersOnly);
    if (workspace.personal && member.role === 'owner' && !makesOwner) {
      const row = await this.workspaces.findById(workspace.workspaceId);
      if (row?.createdBy === userId) throw new ConflictError(MESSAGES.workspaces.personalOwnerStays);
    }
    return member;
  }
}
