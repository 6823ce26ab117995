import type { AuditEntry, Workspace, WorkspaceRole } from '@vendorwatch/contracts';
import { asWorkspaceId, workspaceMembers } from '@vendorwatch/db';
import type { TestApp, TestUser } from '../../../testing/test-app';

export interface JsonAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted on, not typed
  body: any;
}

/** The answer is a refusal with this status and catalogue message. */
export const expectRefused = (answer: { status: number; body?: { message?: string } }, status: number, message: string) =>
  expect({ status: answer.status, message: answer.body?.message }).toEqual({ status, message });

/** The 403 of a role below the route's permission. */
export const roleTooLow = (role: string, needed: string) =>
  `Your role in this workspace (${role}) does not allow this: it needs ${needed} or higher`;

/** A request of `user`'s with a JSON body, answered as status and parsed body. */
export async function apiCall(
  user: TestUser,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await user.api(path, { method, json, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined } as JsonAnswer;
}

/** A shared workspace made by `owner` through the API. */
export async function createWorkspace(owner: TestUser, name = 'Team'): Promise<Workspace> {
  const answer = await apiCall(owner, 'POST', '/api/workspaces', { name });
  if (answer.status !== 201) throw new Error(`creating a workspace failed (${answer.status}): ${JSON.stringify(answer.body)}`);
  return answer.body as Workspace;
}

/** Puts `user` in the workspace with `role` straight in the database (the invitation flow has tests of its own). */
export async function addMember(t: TestApp, workspaceId: string, user: TestUser, role: WorkspaceRole): Promise<void> {
  await t.database.db
    .insert(workspaceMembers)
    .values({ workspaceId: asWorkspaceId(workspaceId), userId: user.id, role })
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } });
}

/** A workspace API key made by `admin` through the API (the secret, shown once). */
export async function createApiKey(
  admin: TestUser,
  workspaceId: string,
  role: WorkspaceRole,
  name = `${role} key`,
): Promise<string> {
  const answer = await apiCall(admin, 'POST', `/api/workspaces/${workspaceId}/api-keys`, { name, role });
  if (answer.status !== 201) throw new Error(`creating an API key failed (${answer.status}): ${JSON.stringify(answer.body)}`);
  return (answer.body as { key: string }).key;
}

/** A request with `Authorization: Bearer <key>`, as a script sends it. */
export async function keyCall(
  t: Pick<TestApp, 'baseUrl'>,
  key: string,
  method: string,
  path: string,
  json?: unknown,
): Promise<JsonAnswer> {
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The workspace's audit entries of `action`, newest first (read by `owner` through the API). */
export async function auditEntries(owner: TestUser, workspaceId: string, action: string) {
  const answer = await apiCall(owner, 'GET', `/api/workspaces/${workspaceId}/audit-log?action=${action}`);
  if (answer.status !== 200) throw new Error(`reading the audit log failed (${answer.status}): ${JSON.stringify(answer.body)}`);
  return (answer.body as { items: AuditEntry[] }).items;
}
