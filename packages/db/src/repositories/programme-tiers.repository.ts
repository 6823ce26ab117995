import { asc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { programmeTiers } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type ProgrammeTierRow = Pick<
  typeof programmeTiers.$inferSelect,
  'tier' | 'name' | 'reviewIntervalDays' | 'maxAcceptanceDays'
>;

/** A workspace's saved tier settings (none until an admin saves them: the defaults apply). */
export class ProgrammeTiersRepository {
  constructor(private readonly db: Database) {}

  list(workspaceId: WorkspaceId): Promise<ProgrammeTierRow[]> {
    return this.db
      .select({
        tier: programmeTiers.tier,
        name: programmeTiers.name,
        reviewIntervalDays: programmeTiers.reviewIntervalDays,
        maxAcceptanceDays: programmeTiers.maxAcceptanceDays,
      })
      .from(programmeTiers)
      .where(eq(programmeTiers.workspaceId, workspaceId))
      .orderBy(asc(programmeTiers.tier));
  }

  /** Stores all the tiers given, replacing what the workspace had. */
  async replace(workspaceId: WorkspaceId, tiers: readonly ProgrammeTierRow[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(programmeTiers).where(eq(programmeTiers.workspaceId, workspaceId));
      await tx.insert(programmeTiers).values(tiers.map((tier) => ({ ...tier, workspaceId, updatedAt: new Date() })));
    });
  }
}
