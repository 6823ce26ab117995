import { eq } from 'drizzle-orm';
import type { Database } from '../database';
import { WorkspacesRepository } from '../repositories/workspaces.repository';
import type { NewVendor, VendorRow } from '../repositories/vendors.repository';
import { vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

/** The personal workspace every user gets with the account (the trigger of migration 0016). */
export async function personalWorkspaceOf(db: Database, userId: string): Promise<WorkspaceId> {
  const membership = await new WorkspacesRepository(db).personalOf(userId);
  if (!membership) throw new Error(`user ${userId} has no personal workspace`);
  return membership.workspaceId;
}

/**
 * The workspace a seeded row belongs in when a test does not say: its vendor's, or for a row with no
 * vendor its creator's personal workspace — what the worker would write for a crawl of that vendor.
 */
export async function seedWorkspaceOf(db: Database, userId: string, vendorId: string | null): Promise<WorkspaceId> {
  if (vendorId !== null) {
    const [vendor] = await db.select({ workspaceId: vendors.workspaceId }).from(vendors).where(eq(vendors.id, vendorId));
    if (!vendor) throw new Error(`vendor ${vendorId} does not exist`);
    return vendor.workspaceId;
  }
  return personalWorkspaceOf(db, userId);
}

/** A vendor added by `userId` to `workspaceId`, by default to their personal workspace. */
export async function insertVendor(
  db: Database,
  userId: string,
  vendor: NewVendor,
  workspaceId?: WorkspaceId,
): Promise<VendorRow> {
  const [row] = await db
    .insert(vendors)
    .values({ ...vendor, userId, workspaceId: workspaceId ?? (await personalWorkspaceOf(db, userId)) })
    .returning();
  return row!;
}
