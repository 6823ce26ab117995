import type { WorkspaceRole } from '@vendorwatch/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../database';
import { users, workspaceMembers, workspaces } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export interface MemberRow {
  userId: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: Date;
}

const member = {
  userId: workspaceMembers.userId,
  email: users.email,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.joinedAt,
};

/**
 * A workspace's members. Role changes and removals run with the workspace's row locked, so two
 * owners demoting each other at the same moment cannot leave it without one.
 */
export class WorkspaceMembersRepository {
  constructor(private readonly db: Database) {}

  list(workspaceId: WorkspaceId): Promise<MemberRow[]> {
    return this.db
      .select(member)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.joinedAt), asc(users.email));
  }

  async find(workspaceId: WorkspaceId, userId: string): Promise<MemberRow | undefined> {
    const [row] = await this.db
      .select(member)
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    return row;
  }

  async count(workspaceId: WorkspaceId): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    return row?.n ?? 0;
  }

  /** The member's new role; 'last_owner' when it would take the workspace's last owner away. */
  async setRole(workspaceId: WorkspaceId, userId: string, role: WorkspaceRole): Promise<MemberRow | 'not_found' | 'last_owner'> {
    return this.db.transaction(async (tx) => {
      const current = await lockAndFind(tx, workspaceId, userId);
      if (!current) return 'not_found';
      if (current.role === 'owner' && role !== 'owner' && !(await hasAnotherOwner(tx, workspaceId, userId))) return 'last_owner';
      await tx
        .update(workspaceMembers)
        .set({ role })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
      return { ...current, role };
    });
  }

  /** Removes the member; 'last_owner' when they are the workspace's last owner. */
  async remove(workspaceId: WorkspaceId, userId: string): Promise<'removed' | 'not_found' | 'last_owner'> {
    return this.db.transaction(async (tx) => {
      const current = await lockAndFind(tx, workspaceId, userId);
      if (!current) return 'not_found';
      if (current.role === 'owner' && !(await hasAnotherOwner(tx, workspaceId, userId))) return 'last_owner';
      await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
      return 'removed';
    });
  }
}

/** Locks the workspace's row (every owner change takes this lock first) and reads the member. */
async function lockAndFind(tx: Transaction, workspaceId: WorkspaceId, userId: string): Promise<MemberRow | undefined> {
  await tx.execute(sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`);
  const [row] = await tx
    .select(member)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row;
}

async function hasAnotherOwner(tx: Transaction, workspaceId: WorkspaceId, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner'), ne(workspaceMembers.userId, userId)),
    );
  return (row?.n ?? 0) > 0;
}
