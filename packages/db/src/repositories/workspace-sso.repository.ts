import type { WorkspaceRole } from '@vendorwatch/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../database';
import { workspaceMembers, workspaceSso } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type WorkspaceSsoRow = typeof workspaceSso.$inferSelect;
export type WorkspaceSsoSettings = Pick<WorkspaceSsoRow, 'groupClaim' | 'groupRoles' | 'defaultRole' | 'required'>;

/** Workspaces linked to the identity provider, and the members the provider's groups bring in. */
export class WorkspaceSsoRepository {
  constructor(private readonly db: Database) {}

  async find(workspaceId: WorkspaceId): Promise<WorkspaceSsoRow | undefined> {
    const [row] = await this.db.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
    return row;
  }

  /** Every linked workspace: an SSO sign-in sets the person's membership in each. */
  listLinked(): Promise<WorkspaceSsoRow[]> {
    return this.db.select().from(workspaceSso);
  }

  async save(workspaceId: WorkspaceId, settings: WorkspaceSsoSettings): Promise<WorkspaceSsoRow> {
    const [row] = await this.db
      .insert(workspaceSso)
      .values({ workspaceId, ...settings })
      .onConflictDoUpdate({ target: workspaceSso.workspaceId, set: { ...settings, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** Unlinks the workspace; its members stay as they are. */
  async remove(workspaceId: WorkspaceId): Promise<boolean> {
    const removed = await this.db.delete(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId)).returning();
    return removed.length > 0;
  }

  /** Adds the member the provider's groups name; false when they were one already. */
  async addMember(workspaceId: WorkspaceId, userId: string, role: WorkspaceRole): Promise<boolean> {
    const added = await this.db.insert(workspaceMembers).values({ workspaceId, userId, role }).onConflictDoNothing().returning();
    return added.length > 0;
  }
}
