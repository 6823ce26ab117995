import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  INVITATION_ACCEPT_PATH,
  LIMITS,
  MESSAGES,
  roleAtLeast,
  workspaceMessages,
  type AuthEmailDelivery,
  type CreatedInvitation,
  type Invitation,
  type InvitationInput,
  type InvitationPreview,
  type Workspace,
} from '@vendorwatch/contracts';
import {
  UsersRepository,
  WorkspaceInvitationsRepository,
  WorkspacesRepository,
  type InvitationRow,
  type InvitationWithWorkspace,
} from '@vendorwatch/db';
import { APP_CONFIG, publicUrl, type AppConfig } from '@vendorwatch/runtime';
import { ConflictError, DomainError, ForbiddenError, GoneError, NotFoundError } from '../../common/errors';
import type { Actor, WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';
import { AuthMailer } from '../auth-server/auth-mailer';
import { RateLimitedError } from '../fair-use/user-rate-limiter';
import { digestOf, newOpaqueToken } from '../auth-server/opaque-tokens';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Invitations: an admin invites an address with a role no higher than their own; the address gets
 * a link (SMTP, or the log in development); a signed-in user whose confirmed address it is accepts
 * it once, within 7 days, unless it was withdrawn.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger('Invitations');

  constructor(
    private readonly invitations: WorkspaceInvitationsRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly users: UsersRepository,
    private readonly mailer: AuthMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(workspace: WorkspaceContext, input: InvitationInput): Promise<CreatedInvitation> {
    if (!roleAtLeast(workspace.role, input.role)) throw new ForbiddenError(MESSAGES.invitations.roleAboveYours);
    await this.throttle(workspace, input.email);
    const token = newOpaqueToken();
    const created = await this.invitations.createReplacing(
      {
        workspaceId: workspace.workspaceId,
        email: input.email,
        role: input.role,
        tokenHash: digestOf(token),
        // A key invites for its creator: the invitation is bounded by that person's role.
        invitedBy: workspace.userId,
        expiresAt: new Date(Date.now() + LIMITS.workspaces.invitationDays * DAY_MS),
      },
      { maxPending: LIMITS.workspaces.maxPendingInvitations, maxMembers: LIMITS.workspaces.maxMembers },
    );
    if (created === 'already_member') throw new ConflictError(MESSAGES.invitations.alreadyMember);
    if (created === 'too_many_pending') throw new ConflictError(workspaceMessages.tooManyInvitations());
    if (created === 'too_many_members') throw new ConflictError(workspaceMessages.tooManyMembers());
    const link = `${publicUrl(this.config)}${INVITATION_ACCEPT_PATH}?token=${token}`;
    const emailed = (await this.send(created, link, workspace.actor)) === 'sent';
    // Without an email server the inviter carries the link; it admits only the invited address, so they gain nothing by it.
    return { ...invitationOf(created), emailed, link: emailed ? null : link };
  }

  /**
   * An invitation is an email the operator's server sends to an address the sender picks: besides the
   * per-person allowance (the route's), one address is invited to a workspace once per cooldown, and
   * a workspace and a person send a capped number a day. Over one: 429 with when to try again.
   */
  private async throttle(workspace: WorkspaceContext, email: string, now = Date.now()): Promise<void> {
    const W = LIMITS.workspaces;
    const sent = await this.invitations.recentlySent(workspace.workspaceId, workspace.userId, email, new Date(now - DAY_MS));
    const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
    const cooldownEnds = (sent.recipientLast?.getTime() ?? 0) + W.invitationRecipientCooldownSeconds * 1000;
    if (cooldownEnds > now)
      throw new RateLimitedError(
        workspaceMessages.invitationRecipientCooldown(secondsUntil(cooldownEnds)),
        secondsUntil(cooldownEnds),
      );
    const ageOut = (oldest: Date | null) => secondsUntil((oldest?.getTime() ?? now) + DAY_MS);
    if (sent.workspace.sent >= W.invitationsPerWorkspacePerDay)
      throw new RateLimitedError(workspaceMessages.invitationWorkspaceDailyCap(), ageOut(sent.workspace.oldest));
    if (sent.inviter.sent >= W.invitationsPerInviterPerDay)
      throw new RateLimitedError(workspaceMessages.invitationInviterDailyCap(), ageOut(sent.inviter.oldest));
  }

  async listPending(workspace: WorkspaceContext): Promise<Invitation[]> {
    return (await this.invitations.listPending(workspace.workspaceId)).map(invitationOf);
  }

  async revoke(workspace: WorkspaceContext, id: string): Promise<void> {
    const revoked = await this.invitations.revoke(workspace.workspaceId, id);
    if (!revoked) throw new NotFoundError(MESSAGES.invitations.notFound);
    noteForAudit({ email: revoked.email, role: revoked.role });
  }

  /** What the link opens, for the accept page: the signed-in user sees where it leads before accepting. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await this.open(token);
    return {
      workspaceId: invitation.workspaceId,
      workspaceName: invitation.workspaceName,
      role: invitation.role,
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  }

  /** The caller joins the workspace, if the invitation is theirs (their confirmed address) and still open. */
  async accept(caller: Actor, token: string): Promise<Workspace> {
    const invitation = await this.open(token);
    const user = await this.users.findById(caller.id);
    if (!user?.emailConfirmedAt) throw new ForbiddenError(MESSAGES.invitations.emailNotConfirmed);
    if (user.email.toLowerCase() !== invitation.email) throw new ForbiddenError(MESSAGES.invitations.wrongEmail);
    const joined = await this.invitations.accept(invitation.id, caller.id);
    if (!joined) throw new GoneError(MESSAGES.invitations.used); // Spent by a request a moment earlier.
    if (joined === 'inviter_left') throw new GoneError(MESSAGES.invitations.revoked);
    noteForAudit({ email: invitation.email, role: joined.role, invitationId: invitation.id, alreadyMember: !joined.joined });
    return {
      id: invitation.workspaceId,
      name: invitation.workspaceName,
      role: joined.role,
      personal: invitation.workspacePersonal,
    };
  }

  /** The invitation the token opens, if it can still be accepted; otherwise why not. */
  private async open(token: string): Promise<InvitationWithWorkspace> {
    const invitation = await this.invitations.findByTokenHash(digestOf(token));
    if (!invitation) throw new NotFoundError(MESSAGES.invitations.linkInvalid);
    if (invitation.acceptedAt) throw new GoneError(MESSAGES.invitations.used);
    if (invitation.revokedAt) throw new GoneError(MESSAGES.invitations.revoked);
    if (invitation.expiresAt.getTime() <= Date.now()) throw new GoneError(MESSAGES.invitations.expired);
    return invitation;
  }

  /** Emails the link; an invitation whose email could not go out is withdrawn, and the inviter told. */
  private async send(invitation: InvitationRow, link: string, inviter: Actor): Promise<AuthEmailDelivery> {
    const workspace = await this.workspaces.findById(invitation.workspaceId);
    try {
      return await this.mailer.send({
        kind: 'invitation',
        to: invitation.email,
        link,
        workspaceName: workspace?.name ?? '',
        role: invitation.role,
        invitedBy: inviter.label,
        days: LIMITS.workspaces.invitationDays,
      });
    } catch (error) {
      this.logger.warn(`Invitation email to ${invitation.email} failed: ${(error as Error).message}`);
      await this.invitations.revoke(invitation.workspaceId, invitation.id);
      throw new DomainError(502, MESSAGES.invitations.sendFailed);
    }
  }
}

const invitationOf = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
});
