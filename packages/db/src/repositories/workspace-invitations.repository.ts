import { roleAtLeast, type WorkspaceRole } from '@vendorwatch/contracts';
import { and, count, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import { users, workspaceInvitations, workspaceMembers, workspaces } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type InvitationRow = typeof workspaceInvitations.$inferSelect;
export type NewInvitation = Pick<InvitationRow, 'workspaceId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'>;
/** An invitation found by its link's token, with the workspace it opens. */
export type InvitationWithWorkspace = InvitationRow & { workspaceName: string; workspacePersonal: boolean };

/** Not accepted, not revoked (it may still have lapsed: see `expiresAt`). */
const isOpen = and(isNull(workspaceInvitations.acceptedAt), isNull(workspaceInvitations.revokedAt));

/** Invitations to a workspace. Accepting one is a single statement that only an open, unexpired invitation passes. */
export class WorkspaceInvitationsRepository {
  constructor(private readonly db: Database) {}

  /**
   * A new invitation, replacing an open one to the same address (its link stops working). Refused
   * when the address is a member's, or the workspace has `maxPending` live invitations or, with
   * them, `maxMembers` members. The workspace's row is locked, so concurrent invitations count each other.
   */
  async createReplacing(
    invitation: NewInvitation,
    { maxPending, maxMembers }: { maxPending: number; maxMembers: number },
  ): Promise<InvitationRow | 'already_member' | 'too_many_pending' | 'too_many_members'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${workspaces} where ${workspaces.id} = ${invitation.workspaceId} for update`);
      const [member] = await tx
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, invitation.workspaceId), sql`lower(${users.email}) = ${invitation.email}`));
      if (member) return 'already_member';
      await tx
        .update(workspaceInvitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(workspaceInvitations.workspaceId, invitation.workspaceId),
            eq(workspaceInvitations.email, invitation.email),
            isOpen,
          ),
        );
      const [{ pending } = { pending: 0 }] = await tx
        .select({ pending: count() })
        .from(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, invitation.workspaceId),
            isOpen,
            gt(workspaceInvitations.expiresAt, sql`now()`),
          ),
        );
      if (pending >= maxPending) return 'too_many_pending';
      const [{ members } = { members: 0 }] = await tx
        .select({ members: count() })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, invitation.workspaceId));
      if (members + pending >= maxMembers) return 'too_many_members';
      const [row] = await tx.insert(workspaceInvitations).values(invitation).returning();
      return row!;
    });
  }

  /**
   * What the invitation throttles count, over invitations sent whatever became of them: when `email`
   * was last invited to the workspace, and the workspace's and the inviter's invitations since `since`
   * (how many, and the oldest, which is the first to age out).
   */
  async recentlySent(workspaceId: WorkspaceId, inviterId: string, email: string, since: Date) {
    const window = (scope: SQL) =>
      this.db
        .select({
          sent: count(),
          oldest: sql<Date | null>`min(${workspaceInvitations.createdAt})`.mapWith(workspaceInvitations.createdAt),
        })
        .from(workspaceInvitations)
        .where(and(scope, gte(workspaceInvitations.createdAt, since)));
    const [[recipient], [workspace], [inviter]] = await Promise.all([
      this.db
        .select({ last: sql<Date | null>`max(${workspaceInvitations.createdAt})`.mapWith(workspaceInvitations.createdAt) })
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.email, email))),
      window(eq(workspaceInvitations.workspaceId, workspaceId)),
      window(eq(workspaceInvitations.invitedBy, inviterId)),
    ]);
    return { recipientLast: recipient?.last ?? null, workspace: workspace!, inviter: inviter! };
  }

  /** The invitations that can still be accepted, newest first. */
  listPending(workspaceId: WorkspaceId): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.workspaceId, workspaceId), isOpen, gt(workspaceInvitations.expiresAt, sql`now()`)))
      .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id));
  }

  /** Withdraws an open invitation of the workspace; false when there is none with that id. */
  async revoke(workspaceId: WorkspaceId, id: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.workspaceId, workspaceId), isOpen))
      .returning();
    return row;
  }

  /**
   * Withdraws the open invitations `inviterId` sent to the workspace with one of `roles` (a demoted
   * member's invitations above their new role, every role for one removed); how many.
   */
  async revokeSentBy(workspaceId: WorkspaceId, inviterId: string, roles: readonly WorkspaceRole[]): Promise<number> {
    if (roles.length === 0) return 0;
    const rows = await this.db
      .update(workspaceInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.invitedBy, inviterId),
          inArray(workspaceInvitations.role, [...roles]),
          isOpen,
        ),
      )
      .returning({ id: workspaceInvitations.id });
    return rows.length;
  }

  async findByTokenHash(tokenHash: string): Promise<InvitationWithWorkspace | undefined> {
    const [row] = await this.db
      .select({ invitation: workspaceInvitations, workspaceName: workspaces.name, workspacePersonal: workspaces.personal })
      .from(workspaceInvitations)
      .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
      .where(eq(workspaceInvitations.tokenHash, tokenHash));
    return row && { ...row.invitation, workspaceName: row.workspaceName, workspacePersonal: row.workspacePersonal };
  }

  /**
   * Spends the invitation and makes the user a member with its role, bounded by the inviter's role of
   * now (one who is a member already keeps the role they have). undefined when it was accepted,
   * revoked or lapsed in the meantime; 'inviter_left' (nothing spent) when its inviter is no longer a member.
   */
  async accept(id: string, userId: string): Promise<{ role: WorkspaceRole; joined: boolean } | 'inviter_left' | undefined> {
    return this.db.transaction(async (tx) => {
      const [open] = await tx
        .select()
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.id, id), isOpen, gt(workspaceInvitations.expiresAt, sql`now()`)))
        .for('update');
      if (!open) return undefined;
      let role = open.role;
      if (open.invitedBy) {
        // The inviter's row is locked: a demotion at this moment waits, and withdraws what is left after.
        const [inviter] = await tx
          .select({ role: workspaceMembers.role })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, open.workspaceId), eq(workspaceMembers.userId, open.invitedBy)))
          .for('update');
        if (!inviter) return 'inviter_left';
        if (!roleAtLeast(inviter.role, role)) role = inviter.role;
      }
      const [spent] = await tx
        .update(workspaceInvitations)
        .set({ acceptedAt: new Date(), acceptedBy: userId })
        .where(and(eq(workspaceInvitations.id, id), isOpen))
        .returning();
      if (!spent) return undefined;
      const [joined] = await tx
        .insert(workspaceMembers)
        .values({ workspaceId: spent.workspaceId, userId, role })
        .onConflictDoNothing()
        .returning({ role: workspaceMembers.role });
      if (joined) return { role: joined.role, joined: true };
      const [existing] = await tx
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, spent.workspaceId), eq(workspaceMembers.userId, userId)));
      return { role: existing!.role, joined: false };
    });
  }
}
