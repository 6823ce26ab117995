import type { Database } from '../database';
import { WorkspacesRepository } from '../repositories/workspaces.repository';
import type { WorkspaceId } from '../workspace-id';

/** The personal workspace every user gets with the account (the trigger of migration 0016): where their rows land by default. */
export async function personalWorkspaceOf(db: Database, userId: string): Promise<WorkspaceId> {
  const membership = await new WorkspacesRepository(db).personalOf(userId);
  if (!membership) throw new Error(`user ${userId} has no personal workspace`);
  return membership.workspaceId;
}
