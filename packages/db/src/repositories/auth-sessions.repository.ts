import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { authSessions } from '../schema';

export type AuthSessionRow = typeof authSessions.$inferSelect;
export type NewAuthSession = Pick<AuthSessionRow, 'userId' | 'aal' | 'amr' | 'userAgent' | 'ip'>;

/** What the bearer check needs of a session: that it is open, and whether its user must use a second factor. */
export interface ActiveSessionCheck {
  id: string;
  aal: string;
  mfaEnabled: boolean;
}

/**
 * Signed-in sessions. Ending one (logout) keeps the row for the record; every check of a token
 * asks for a session that has not ended, so its access tokens stop working at once.
 */
export class AuthSessionsRepository {
  /** Every authenticated request asks this: built once, planned once per connection. */
  private readonly activeQuery;

  constructor(private readonly db: Database) {
    // One round trip answers both questions the guard asks on every request.
    this.activeQuery = this.db
      .select({
        id: authSessions.id,
        aal: authSessions.aal,
        // Spelled out: drizzle leaves single-table columns unqualified, and inside the subquery an
        // unqualified "user_id" would mean the factor's on both sides.
        mfaEnabled: sql<boolean>`exists (select 1 from "mfa_factors" f where f."user_id" = "auth_sessions"."user_id" and f."status" = 'verified')`,
      })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, sql.placeholder('id')),
          eq(authSessions.userId, sql.placeholder('userId')),
          isNull(authSessions.endedAt),
          gt(authSessions.createdAt, sql.placeholder('startedAfter')),
        ),
      )
      .prepare('auth_sessions_find_active');
  }

  async create(session: NewAuthSession): Promise<AuthSessionRow> {
    const [row] = await this.db.insert(authSessions).values(session).returning();
    return row!;
  }

  /** The session if it is open and was started after `startedAfter` (its absolute lifetime). */
  async findActive(userId: string, id: string, startedAfter: Date): Promise<ActiveSessionCheck | undefined> {
    const [row] = await this.activeQuery.execute({ id, userId, startedAfter: startedAfter.toISOString() });
    return row;
  }

  /** The user's open sessions started after `startedAfter`, most recently active first. */
  listActive(userId: string, startedAfter: Date): Promise<AuthSessionRow[]> {
    return this.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt), gt(authSessions.createdAt, startedAfter)))
      .orderBy(desc(sql`coalesce(${authSessions.refreshedAt}, ${authSessions.createdAt})`), desc(authSessions.id));
  }

  /** A second factor was verified in this session: it is `aal` from now on, with the method first in its `amr`. */
  async raiseAssurance(id: string, aal: string, method: AuthSessionRow['amr'][number]): Promise<AuthSessionRow | undefined> {
    const [row] = await this.db
      .update(authSessions)
      .set({ aal, amr: sql`${JSON.stringify([method])}::jsonb || ${authSessions.amr}`, refreshedAt: new Date() })
      .where(and(eq(authSessions.id, id), isNull(authSessions.endedAt)))
      .returning();
    return row;
  }

  /** Ends the user's sessions below `aal` except `keepId`: once MFA is on, no session without it survives. */
  async endAllBelow(userId: string, aal: string, keepId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ endedAt: new Date() })
      .where(
        and(
          eq(authSessions.userId, userId),
          ne(authSessions.id, keepId),
          ne(authSessions.aal, aal),
          isNull(authSessions.endedAt),
        ),
      );
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
