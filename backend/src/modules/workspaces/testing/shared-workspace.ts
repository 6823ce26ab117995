import { WORKSPACE_HEADER, type AuditEntry } from '@vendorwatch/contracts';
import { asWorkspaceId, vendors, type WorkspaceId } from '@vendorwatch/db';
import type { TestApp, TestUser } from '../../../testing/test-app';
import { addMember, apiCall, auditEntries, createApiKey, createWorkspace, keyCall, type JsonAnswer } from './teams';

/**
 * A team as the scoping tests need it: its owner, a viewer in it, an outsider who belongs only to
 * their own personal workspace, and an API key of the team with the editor role.
 */
export interface SharedWorkspace {
  id: WorkspaceId;
  owner: TestUser;
  viewer: TestUser;
  outsider: TestUser;
  editorKey: string;
  /** A request in the team: by a member (with X-Workspace-Id), or by the key (`'key'`). */
  call(who: TestUser | 'key', method: string, path: string, json?: unknown): Promise<JsonAnswer>;
  /** The outsider's request, in their own workspace. */
  outside(method: string, path: string, json?: unknown): Promise<JsonAnswer>;
  /** A vendor of the team, written straight to the database (the vendors API has tests of its own). */
  addVendor(name: string): Promise<{ id: string; name: string }>;
  /** The team's audit entries of `action`, newest first, as its owner reads them. */
  audited(action: string): Promise<AuditEntry[]>;
}

export async function shareWorkspace(t: TestApp): Promise<SharedWorkspace> {
  const [owner, viewer, outsider] = [await t.signUp(), await t.signUp(), await t.signUp()];
  const team = await createWorkspace(owner, 'Shared team');
  const id = asWorkspaceId(team.id);
  await addMember(t, id, viewer, 'viewer');
  const editorKey = await createApiKey(owner, id, 'editor', 'Editor script');
  const call = (who: TestUser | 'key', method: string, path: string, json?: unknown) =>
    who === 'key' ? keyCall(t, editorKey, method, path, json) : apiCall(who, method, path, json, { [WORKSPACE_HEADER]: id });

  return {
    id,
    owner,
    viewer,
    outsider,
    editorKey,
    call,
    outside: (method, path, json) => apiCall(outsider, method, path, json),
    async addVendor(name) {
      const [row] = await t.database.db
        .insert(vendors)
        .values({ userId: owner.id, workspaceId: id, name, url: `https://${name.toLowerCase()}.example/` })
        .returning();
      return { id: row!.id, name: row!.name };
    },
    audited: (action) => auditEntries(owner, id, action),
  };
}
