import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { authOneTimeTokens, users, type OneTimeTokenPurpose } from '../schema';
import type { UserRow } from './users.repository';

export type OneTimeTokenRow = typeof authOneTimeTokens.$inferSelect;

export interface NewOneTimeToken {
  userId: string;
  purpose: OneTimeTokenPurpose;
  tokenDigest: string;
  pendingPasswordHash?: string | null;
}

/**
 * Emailed one-time tokens (stored as digests). Issuing one replaces the user's earlier token of
 * the same purpose, so only the newest link works; using one deletes it, so it works once.
 */
export class AuthOneTimeTokensRepository {
  constructor(private readonly db: Database) {}

  async replace(token: NewOneTimeToken): Promise<OneTimeTokenRow> {
    const [row] = await this.db
      .insert(authOneTimeTokens)
      .values({ ...token, pendingPasswordHash: token.pendingPasswordHash ?? null })
      .onConflictDoUpdate({
        target: [authOneTimeTokens.userId, authOneTimeTokens.purpose],
        set: {
          tokenDigest: token.tokenDigest,
          pendingPasswordHash: token.pendingPasswordHash ?? null,
          failedAttempts: 0,
          createdAt: sql`now()`,
        },
      })
      .returning();
    return row!;
  }

  async findForUser(userId: string, purpose: OneTimeTokenPurpose): Promise<OneTimeTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authOneTimeTokens)
      .where(and(eq(authOneTimeTokens.userId, userId), eq(authOneTimeTokens.purpose, purpose)));
    return row;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(authOneTimeTokens).where(eq(authOneTimeTokens.id, id));
  }

  /** Uses the token: true for the one request that deleted it (two at the same moment: one wins). */
  async spend(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(authOneTimeTokens)
      .where(eq(authOneTimeTokens.id, id))
      .returning({ id: authOneTimeTokens.id });
    return rows.length === 1;
  }

  /**
   * Counts a wrong code against the token; at `maxAttempts` the token is gone, so guessing the
   * six digits needs a new email every few tries.
   */
  async recordFailedAttempt(id: string, maxAttempts: number): Promise<void> {
    const [row] = await this.db
      .update(authOneTimeTokens)
      .set({ failedAttempts: sql`${authOneTimeTokens.failedAttempts} + 1` })
      .where(eq(authOneTimeTokens.id, id))
      .returning({ failedAttempts: authOneTimeTokens.failedAttempts });
    if (row && row.failedAttempts >= maxAttempts) await this.delete(id);
  }

  /**
   * Counts one attempt at the token's code before it is checked (codes sent at the same moment cannot
   * outrun the count): the attempt's number, or null when `maxAttempts` were made already (the token
   * is then gone, the right code included).
   */
  async claimAttempt(id: string, maxAttempts: number): Promise<number | null> {
    const [row] = await this.db
      .update(authOneTimeTokens)
      .set({ failedAttempts: sql`${authOneTimeTokens.failedAttempts} + 1` })
      .where(and(eq(authOneTimeTokens.id, id), lt(authOneTimeTokens.failedAttempts, maxAttempts)))
      .returning({ attempts: authOneTimeTokens.failedAttempts });
    if (row) return row.attempts;
    await this.delete(id);
    return null;
  }

  /**
   * Uses the token after attempt number `attempt` found its code right, unless another attempt was
   * counted since (a burst of guesses around the right code): true for the one request that deleted it.
   */
  async spendAfterAttempt(id: string, attempt: number): Promise<boolean> {
    const rows = await this.db
      .delete(authOneTimeTokens)
      .where(and(eq(authOneTimeTokens.id, id), eq(authOneTimeTokens.failedAttempts, attempt)))
      .returning({ id: authOneTimeTokens.id });
    return rows.length === 1;
  }

  /**
   * Uses the token with this digest, issued after `issuedAfter`, and applies it to its user in one
   * transaction: the address counts as confirmed (a recovery link proves it as well as a
   * confirmation does) and a pending sign-up password becomes the account's password. Deleting
   * the token first makes a link work once, even when it is followed twice at the same moment.
   */
  async consume(tokenDigest: string, purpose: OneTimeTokenPurpose, issuedAfter: Date): Promise<UserRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [token] = await tx
        .delete(authOneTimeTokens)
        .where(
          and(
            eq(authOneTimeTokens.tokenDigest, tokenDigest),
            eq(authOneTimeTokens.purpose, purpose),
            gt(authOneTimeTokens.createdAt, issuedAfter),
          ),
        )
        .returning();
      if (!token) return undefined;
      // Once the address is proved no confirmation is pending: an older sign-up's link (and the
      // password it carries, maybe not the owner's) must not apply later.
      await tx
        .delete(authOneTimeTokens)
        .where(and(eq(authOneTimeTokens.userId, token.userId), eq(authOneTimeTokens.purpose, 'confirmation')));
      const now = new Date();
      const [user] = await tx
        .update(users)
        .set({
          emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
          ...(token.pendingPasswordHash ? { encryptedPassword: token.pendingPasswordHash } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, token.userId))
        .returning();
      return user;
    });
  }
}
