import { and, desc, eq, exists, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

  /** Every key, active or not: start-up encrypts any stored before keys were encrypted. */
  listAll(): Promise<SigningKeyRow[]> {
    return this.db.select().from(authSigningKeys);
  }

  async replacePrivateJwk(kid: string, privateJwk: Record<string, unknown>): Promise<void> {
    await this.db.update(authSigningKeys).set({ privateJwk }).where(eq(authSigningKeys.kid, kid));
  }

  /** A new key: being the newest, it signs from now on; the others still verify. */
  async insert(key: NewSigningKey): Promise<void> {
    await this.db.insert(authSigningKeys).values(key);
  }

  /**
   * Takes out of the JWKS every key a newer active key replaced before `supersededBefore`: no
   * token it signed is still valid (the caller passes now minus the token lifetime).
   */
  async retireSuperseded(supersededBefore: Date): Promise<number> {
    const newer = alias(authSigningKeys, 'newer');
    const retired = await this.db
      .update(authSigningKeys)
      .set({ active: false })
      .where(
        and(
          eq(authSigningKeys.active, true),
          exists(
            this.db
              .select({ kid: newer.kid })
              .from(newer)
              .where(
                and(
                  eq(newer.active, true),
                  gt(newer.createdAt, authSigningKeys.createdAt),
                  lt(newer.createdAt, supersededBefore),
                ),
              ),
          ),
        ),
      )
      .returning({ kid: authSigningKeys.kid });
    return retired.length;
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
