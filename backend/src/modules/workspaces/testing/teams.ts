import type { Workspace, WorkspaceRole } from '@vendorwatch/contracts';
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
