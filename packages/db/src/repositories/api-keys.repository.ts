import type { WorkspaceRole } from '@vendorwatch/contracts';
import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { apiKeys, workspaceMembers, workspaces } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = Pick<
  ApiKeyRow,
  'workspaceId' | 'name' | 'role' | 'prefix' | 'keyHash' | 'last4' | 'createdBy' | 'expiresAt'
>;
/**
 * A key as the guard reads it: with its creator's role in the key's workspace now (null: no longer
 * a member), and whether that workspace is someone's personal one.
 */
export type ApiKeyWithCreatorRole = ApiKeyRow & { creatorRole: WorkspaceRole | null; personal: boolean };

/** A workspace's API keys, found by the SHA-256 of the secret. */
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  /** A new key, unless the workspace keeps `cap` unrevoked keys ('full'); the workspace is locked while counting. */
  async create(key: NewApiKey, cap: number): Promise<ApiKeyRow | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from workspaces where id = ${key.workspaceId} for update`);
      const [{ kept } = { kept: 0 }] = await tx
        .select({ kept: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, key.workspaceId), isNull(apiKeys.revokedAt)));
      if (kept >= cap) return 'full';
      const [row] = await tx.insert(apiKeys).values(key).returning();
      return row!;
    });
  }

  /** The workspace's keys not revoked (lapsed ones included, to be seen and revoked), oldest first. */
  listUnrevoked(workspaceId: WorkspaceId): Promise<ApiKeyRow[]> {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  }

  async revoke(workspaceId: WorkspaceId, id: string): Promise<ApiKeyRow | undefined> {
    const [row] = await this.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
      .returning();
    return row;
  }

  /** Read on every request a key makes: revocation, expiry and the creator's membership count at once. */
  async findForAuthentication(keyHash: string): Promise<ApiKeyWithCreatorRole | undefined> {
    const [row] = await this.db
      .select({ key: apiKeys, creatorRole: workspaceMembers.role, personal: workspaces.personal })
      .from(apiKeys)
      .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
      .leftJoin(
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.createdBy)),
      )
      .where(eq(apiKeys.keyHash, keyHash));
    return row && { ...row.key, creatorRole: row.creatorRole, personal: row.personal };
  }

  /** Records a use, unless one was recorded after `since`: at most one write per key per interval. */
  async touch(id: string, since: Date): Promise<void> {
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
  }
}
