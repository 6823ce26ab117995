import { and, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { authSessions, refreshTokens } from '../schema';
import type { AuthSessionRow } from './auth-sessions.repository';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/**
 * Refresh tokens, stored as digests (`token` holds a SHA-256 of the token the client has, so a
 * database dump signs nobody in). Each is used once: rotation revokes it and issues its child.
 */
export class AuthRefreshTokensRepository {
  constructor(private readonly db: Database) {}

  async issue(userId: string, sessionId: string, digest: string): Promise<RefreshTokenRow> {
    const [row] = await this.db.insert(refreshTokens).values({ userId, sessionId, token: digest }).returning();
    return row!;
  }

  async findWithSession(digest: string): Promise<{ token: RefreshTokenRow; session: AuthSessionRow } | undefined> {
    const [row] = await this.db
      .select({ token: refreshTokens, session: authSessions })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.token, digest));
    return row;
  }

  /**
   * Revokes `current` and issues its child in one transaction. The revocation only succeeds while
   * `current` is unrevoked, so of two concurrent uses exactly one gets a child; false for the other.
   */
  async rotate(current: RefreshTokenRow, childDigest: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx
        .update(refreshTokens)
        .set({ revoked: true, updatedAt: now })
        .where(and(eq(refreshTokens.id, current.id), eq(refreshTokens.revoked, false)))
        .returning({ id: refreshTokens.id });
      if (claimed.length === 0) return false;
      await tx.insert(refreshTokens).values({
        userId: current.userId,
        sessionId: current.sessionId,
        token: childDigest,
        parent: current.token,
      });
      await tx.update(authSessions).set({ refreshedAt: now }).where(eq(authSessions.id, current.sessionId));
      return true;
    });
  }

  /** Reuse of a spent token looks like theft: no token of that session can be used any more. */
  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revoked: true, updatedAt: new Date() })
      .where(and(eq(refreshTokens.sessionId, sessionId), eq(refreshTokens.revoked, false)));
  }
}
