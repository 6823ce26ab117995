import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { authSessions } from '../schema';

export type AuthSessionRow = typeof authSessions.$inferSelect;
export type NewAuthSession = Pick<AuthSessionRow, 'userId' | 'aal' | 'amr' | 'userAgent' | 'ip'>;

/**
 * Signed-in sessions. Ending one (logout) keeps the row for the record; every check of a token
 * asks for a session that has not ended, so its access tokens stop working at once.
 */
export class AuthSessionsRepository {
  /** Every authenticated request asks this: built once, planned once per connection. */
  private readonly activeQuery;

  constructor(private readonly db: Database) {
    this.activeQuery = this.db
      .select()
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, sql.placeholder('id')),
          eq(authSessions.userId, sql.placeholder('userId')),
          isNull(authSessions.endedAt),
        ),
      )
      .prepare('auth_sessions_find_active');
  }

  async create(session: NewAuthSession): Promise<AuthSessionRow> {
    const [row] = await this.db.insert(authSessions).values(session).returning();
    return row!;
  }

  async findActive(userId: string, id: string): Promise<AuthSessionRow | undefined> {
    const [row] = await this.activeQuery.execute({ id, userId });
    return row;
  }

  async end(userId: string, id: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ endedAt: new Date() })
      .where(and(eq(authSessions.id, id), eq(authSessions.userId, userId), isNull(authSessions.endedAt)));
  }

  async endAll(userId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ endedAt: new Date() })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)));
  }

  async endAllExcept(userId: string, keepId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ endedAt: new Date() })
      .where(and(eq(authSessions.userId, userId), ne(authSessions.id, keepId), isNull(authSessions.endedAt)));
  }
}
