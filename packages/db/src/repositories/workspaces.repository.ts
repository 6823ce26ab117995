import type { WorkspaceRole } from '@vendorwatch/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { users, workspaceMembers, workspaces } from '../schema';
import { asWorkspaceId, type WorkspaceId } from '../workspace-id';

export type WorkspaceRow = typeof workspaces.$inferSelect;

/** A workspace as one of its members sees it: with their role. */
export interface MembershipRow {
  workspaceId: WorkspaceId;
  name: string;
  personal: boolean;
  role: WorkspaceRole;
}

/** A workspace in the user's list: another user's personal workspace names whose it is (its members may see that). */
export interface ListedMembershipRow extends MembershipRow {
  /** The email of the user another's personal workspace belongs to; null for the user's own and for a shared one. */
  ownerEmail: string | null;
}

/** A membership as the /api guard reads it: with whether the workspace requires signing in with SSO (issue 42). */
export interface AccessMembershipRow extends MembershipRow {
  ssoRequired: boolean;
}

/** Any constant: the first key of the per-user advisory lock around creating a workspace. */
const USER_WORKSPACES_LOCK_SPACE = 72_110_951;

const membership = {
  workspaceId: workspaces.id,
  name: workspaces.name,
  personal: workspaces.personal,
  role: workspaceMembers.role,
};

const accessMembership = {
  ...membership,
  ssoRequired: sql<boolean>`exists (select 1 from "workspace_sso" s where s."workspace_id" = "workspaces"."id" and s."required")`,
};

/** Workspaces and a user's place in them. Every read names the user: a workspace they are not in is not found. */
export class WorkspacesRepository {
  constructor(private readonly db: Database) {}

  /** The user's workspaces: personal ones first, then by name; another user's personal one with its owner's email. */
  listForUser(userId: string): Promise<ListedMembershipRow[]> {
    const othersPersonal = and(eq(workspaces.personal, true), ne(workspaces.createdBy, userId));
    return this.db
      .select({ ...membership, ownerEmail: sql<string | null>`case when ${othersPersonal} then ${users.email} end` })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .leftJoin(users, eq(users.id, workspaces.createdBy))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(desc(workspaces.personal), asc(workspaces.name), asc(workspaces.id));
  }

  /**
   * The user's role in the workspace, read afresh: undefined once they are no longer a member. The
   * id may come straight from a request: this is the read that finds out whether it names one of theirs.
   */
  async findForUser(userId: string, workspaceId: string): Promise<AccessMembershipRow | undefined> {
    const [row] = await this.db
      .select(accessMembership)
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, asWorkspaceId(workspaceId))));
    return row;
  }

  /** The user's personal workspace (every account has one: migration 0016's trigger makes it). */
  async personalOf(userId: string): Promise<AccessMembershipRow | undefined> {
    const [row] = await this.db
      .select(accessMembership)
      .from(workspaces)
      .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)))
      .where(and(eq(workspaces.personal, true), eq(workspaces.createdBy, userId)));
    return row;
  }

  async findById(workspaceId: WorkspaceId): Promise<WorkspaceRow | undefined> {
    const [row] = await this.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
    return row;
  }

  /**
   * A new shared workspace with its creator as owner, unless they created `cap` already ('full').
   * A lock per user makes two requests creating at the same moment count each other.
   */
  async createOwned(userId: string, name: string, cap: number): Promise<MembershipRow | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${USER_WORKSPACES_LOCK_SPACE}, hashtext(${userId}::text))`);
      const [{ created } = { created: 0 }] = await tx
        .select({ created: count() })
        .from(workspaces)
        .where(and(eq(workspaces.createdBy, userId), eq(workspaces.personal, false)));
      if (created >= cap) return 'full';
      const [workspace] = await tx.insert(workspaces).values({ name, createdBy: userId }).returning();
      await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId, role: 'owner' });
      return { workspaceId: workspace!.id, name: workspace!.name, personal: false, role: 'owner' as const };
    });
  }

  async rename(workspaceId: WorkspaceId, name: string): Promise<WorkspaceRow | undefined> {
    const [row] = await this.db.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId)).returning();
    return row;
  }

  /** Deletes a shared workspace and everything in it (the foreign keys cascade); a personal one stays. */
  async deleteShared(workspaceId: WorkspaceId): Promise<'deleted' | 'personal' | 'not_found'> {
    const [row] = await this.db
      .delete(workspaces)
      .where(and(eq(workspaces.id, workspaceId), eq(workspaces.personal, false)))
      .returning({ id: workspaces.id });
    if (row) return 'deleted';
    return (await this.findById(workspaceId)) ? 'personal' : 'not_found';
  }
}
