import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { authSigningKeys } from '../schema';

export type SigningKeyRow = typeof authSigningKeys.$inferSelect;
export type NewSigningKey = Pick<SigningKeyRow, 'kid' | 'privateJwk' | 'publicJwk'>;

/** Any constant: serialises processes that start together and would each create a first key. */
const FIRST_KEY_LOCK_ID = 72_110_944;

export class AuthSigningKeysRepository {
  constructor(private readonly db: Database) {}

  /** Newest first: the first one signs, all of them verify. */
  listActive(): Promise<SigningKeyRow[]> {
    return this.db
      .select()
      .from(authSigningKeys)
      .where(eq(authSigningKeys.active, true))
      .orderBy(desc(authSigningKeys.createdAt), desc(authSigningKeys.kid));
  }

  /** Stores `key` unless an active key exists already; either way returns the active keys. */
  async insertIfNoneActive(key: NewSigningKey): Promise<SigningKeyRow[]> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK_ID})`);
      const [existing] = await tx
        .select({ kid: authSigningKeys.kid })
        .from(authSigningKeys)
        .where(eq(authSigningKeys.active, true))
        .limit(1);
      if (!existing) await tx.insert(authSigningKeys).values(key);
    });
    return this.listActive();
  }
}
