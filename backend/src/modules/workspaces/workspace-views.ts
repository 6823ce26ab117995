import type { Workspace, WorkspaceMember } from '@vendorwatch/contracts';
import type { ListedMembershipRow, MemberRow, MembershipRow } from '@vendorwatch/db';

export const workspaceOf = (row: MembershipRow): Workspace => ({
  id: row.workspaceId,
  name: row.name,
  role: row.role,
  personal: row.personal,
});

/** A workspace in the caller's list: another user's personal one names whose it is, so two called "Personal" differ. */
export const listedWorkspaceOf = (row: ListedMembershipRow): Workspace => ({
  ...workspaceOf(row),
  ...(row.ownerEmail === null ? {} : { ownerEmail: row.ownerEmail }),
});

export const memberOf = (row: MemberRow): WorkspaceMember => ({
  userId: row.userId,
  email: row.email,
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
});
