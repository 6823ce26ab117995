import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { mfaChallenges } from '../schema';

export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

export class AuthMfaChallengesRepository {
  constructor(private readonly db: Database) {}

  async create(factorId: string, ipAddress: string | null): Promise<MfaChallengeRow> {
    const [row] = await this.db.insert(mfaChallenges).values({ factorId, ipAddress }).returning();
    return row!;
  }

  async find(factorId: string, id: string): Promise<MfaChallengeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.id, id), eq(mfaChallenges.factorId, factorId)));
    return row;
  }

  /**
   * Counts one code against the challenge before it is checked; false once `maxAttempts` codes were
   * tried. One statement, so codes sent at the same moment cannot all slip under the limit.
   */
  async claimAttempt(id: string, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(mfaChallenges)
      .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
      .where(and(eq(mfaChallenges.id, id), lt(mfaChallenges.attempts, maxAttempts)))
      .returning({ id: mfaChallenges.id });
    return rows.length === 1;
  }

  /** Marks the challenge used; false when it was used already or has expired (two verifies at once: one wins). */
  async markVerified(id: string, createdAfter: Date): Promise<boolean> {
    const rows = await this.db
      .update(mfaChallenges)
      .set({ verifiedAt: new Date() })
      .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.verifiedAt), gt(mfaChallenges.createdAt, createdAfter)))
      .returning({ id: mfaChallenges.id });
    return rows.length === 1;
  }
}
