import { Injectable } from '@nestjs/common';
import { LIMITS, MESSAGES, workspaceMessages, type Workspace, type WorkspaceInput } from '@vendorwatch/contracts';
import { WorkspacesRepository } from '@vendorwatch/db';
import { ConflictError, NotFoundError } from '../../common/errors';
import type { Actor, WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';
import { listedWorkspaceOf, workspaceOf } from './workspace-views';

/** The caller's workspaces: listed, created (they own it), renamed and deleted by an owner. */
@Injectable()
export class WorkspacesService {
  constructor(private readonly workspaces: WorkspacesRepository) {}

  /**
   * A person's workspaces with their role in each (another user's personal one with its owner's email); an API key sees the one
   * it belongs to, with its own role.
   */
  async list(caller: Actor, keyWorkspace: WorkspaceContext | undefined): Promise<Workspace[]> {
    if (caller.type === 'api_key') {
      const row = keyWorkspace && (await this.workspaces.findById(keyWorkspace.workspaceId));
      return row ? [{ id: row.id, name: row.name, role: keyWorkspace.role, personal: row.personal }] : [];
    }
    return (await this.workspaces.listForUser(caller.id)).map(listedWorkspaceOf);
  }

  async create(caller: Actor, input: WorkspaceInput): Promise<Workspace> {
    const created = await this.workspaces.createOwned(caller.id, input.name, LIMITS.workspaces.maxCreatedPerUser);
    if (created === 'full') throw new ConflictError(workspaceMessages.tooManyWorkspaces());
    return workspaceOf(created);
  }

  async rename(workspace: WorkspaceContext, input: WorkspaceInput): Promise<Workspace> {
    const before = await this.workspaces.findById(workspace.workspaceId);
    const row = await this.workspaces.rename(workspace.workspaceId, input.name);
    if (!before || !row) throw new NotFoundError(MESSAGES.workspaces.notFound);
    noteForAudit({ previousName: before.name });
    return { id: row.id, name: row.name, role: workspace.role, personal: row.personal };
  }

  /** Deletes a shared workspace with everything in it; a personal one cannot be. */
  async remove(workspace: WorkspaceContext): Promise<void> {
    const row = await this.workspaces.findById(workspace.workspaceId);
    if (row) noteForAudit({ name: row.name });
    const outcome = await this.workspaces.deleteShared(workspace.workspaceId);
    if (outcome === 'personal') throw new ConflictError(MESSAGES.workspaces.personalNotDeletable);
    if (outcome === 'not_found') throw new NotFoundError(MESSAGES.workspaces.notFound);
  }
}
