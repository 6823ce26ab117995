import { and, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { users, vendors, workspaceMembers } from '../schema';

/**
 * The email of the vendor's owner, while the owner is a member of the vendor's workspace; null without
 * one. Read by the reminders of remediation requests and of questionnaires (a week overdue, the owner hears).
 */
export async function vendorOwnerEmail(db: Database, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(vendors)
    .innerJoin(users, eq(users.id, vendors.ownerUserId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, vendors.workspaceId), eq(workspaceMembers.userId, users.id)),
    )
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return row?.email ?? null;
}
