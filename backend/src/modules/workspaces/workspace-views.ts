import type { Workspace, WorkspaceMember } from '@vendorwatch/contracts';
import type { MemberRow, MembershipRow } from '@vendorwatch/db';

export const workspaceOf = (row: MembershipRow): Workspace => ({
  id: row.workspaceId,
  name: row.name,
  role: row.role,
  personal: row.personal,
});

export const memberOf = (row: MemberRow): WorkspaceMember => ({
  userId: row.userId,
  email: row.email,
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
});
