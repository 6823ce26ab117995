import { and, asc, count, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { mfaCodeAttempts, mfaFactors } from '../schema';

export type MfaFactorRow = typeof mfaFactors.$inferSelect;
export type NewMfaFactor = Pick<MfaFactorRow, 'userId' | 'friendlyName' | 'factorType' | 'secret'>;

/** MFA factors: enrolled unverified, verified by a first correct code, removed by the user. */
export class AuthMfaFactorsRepository {
  constructor(private readonly db: Database) {}

  listByUser(userId: string): Promise<MfaFactorRow[]> {
    return this.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, userId))
      .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
  }

  async hasVerified(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mfaFactors.id })
      .from(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'verified')))
      .limit(1);
    return row !== undefined;
  }

  async create(factor: NewMfaFactor): Promise<MfaFactorRow> {
    const [row] = await this.db.insert(mfaFactors).values(factor).returning();
    return row!;
  }

  /** Undefined for an id that does not exist or is another user's. */
  async findOwned(userId: string, id: string): Promise<MfaFactorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(mfaFactors)
      .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)));
    return row;
  }

  /** Enrolments never verified within `olderThan` are abandoned: they go. */
  async deleteUnverifiedCreatedBefore(userId: string, olderThan: Date): Promise<void> {
    await this.db
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'unverified'), lt(mfaFactors.createdAt, olderThan)));
  }

  /** An enrolment that was never verified (a verified factor with this id stays). */
  async deleteUnverified(userId: string, id: string): Promise<void> {
    await this.db
      .delete(mfaFactors)
      .where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'unverified')));
  }

  /**
   * Records that a code of `timeStep` was accepted, unless a code of that step or a later one was
   * accepted already: false then, so each code works once, even for two requests at the same moment.
   */
  async acceptTimeStep(id: string, timeStep: number): Promise<boolean> {
    const rows = await this.db
      .update(mfaFactors)
      .set({ lastTimeStep: timeStep, updatedAt: new Date() })
      .where(and(eq(mfaFactors.id, id), or(isNull(mfaFactors.lastTimeStep), lt(mfaFactors.lastTimeStep, timeStep))))
      .returning({ id: mfaFactors.id });
    return rows.length === 1;
  }

  /** The factor becomes verified; the user's other unverified enrolments are dropped. */
  async markVerified(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(mfaFactors).set({ status: 'verified', updatedAt: new Date() }).where(eq(mfaFactors.id, id));
      await tx
        .delete(mfaFactors)
        .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'unverified'), ne(mfaFactors.id, id)));
    });
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.db.delete(mfaFactors).where(and(eq(mfaFactors.id, id), eq(mfaFactors.userId, userId)));
  }

  /**
   * Counts a code against the factor before it is checked: its row, then how many rows the factor
   * has since `since` (and since its last lock ended), its own included. Written first and counted
   * after, so requests sent at the same moment each see the others and never all slip under the
   * limit. Undefined when the factor is locked (the request read it unlocked a moment earlier).
   */
  async reserveCodeAttempt(factorId: string, ipAddress: string | null, since: Date): Promise<{ recent: number } | undefined> {
    await this.db.insert(mfaCodeAttempts).values({ factorId, ipAddress });
    // One statement reads the lock and the count together: a lock taken since the row was written refuses it.
    const [counted] = await this.db
      .select({ lockedUntil: mfaFactors.lockedUntil, recent: count(mfaCodeAttempts.id) })
      .from(mfaFactors)
      .leftJoin(
        mfaCodeAttempts,
        and(
          eq(mfaCodeAttempts.factorId, mfaFactors.id),
          gt(mfaCodeAttempts.createdAt, sql`greatest(${since.toISOString()}::timestamptz, ${mfaFactors.lockedUntil})`),
        ),
      )
      .where(eq(mfaFactors.id, factorId))
      .groupBy(mfaFactors.id);
    if (!counted || (counted.lockedUntil && counted.lockedUntil.getTime() > Date.now())) return undefined;
    return { recent: counted.recent };
  }

  /** A right code: the factor's count of wrong ones starts again. */
  async forgetCodeAttempts(factorId: string): Promise<void> {
    await this.db.delete(mfaCodeAttempts).where(eq(mfaCodeAttempts.factorId, factorId));
  }

  /**
   * Locks the factor until `until` unless it is locked already (codes are counted again from the
   * lock's end). The client addresses its wrong codes since `since` came from when this call
   * locked it; undefined when another request had locked it first, so the owner is told once.
   */
  async lock(id: string, until: Date, since: Date): Promise<string[] | undefined> {
    return this.db.transaction(async (tx) => {
      const locked = await tx
        .update(mfaFactors)
        .set({ lockedUntil: until, updatedAt: new Date() })
        .where(and(eq(mfaFactors.id, id), or(isNull(mfaFactors.lockedUntil), lte(mfaFactors.lockedUntil, sql`now()`))))
        .returning({ id: mfaFactors.id });
      if (locked.length === 0) return undefined;
      await tx.delete(mfaCodeAttempts).where(and(eq(mfaCodeAttempts.factorId, id), lte(mfaCodeAttempts.createdAt, since)));
      const addresses = await tx
        .selectDistinct({ ipAddress: mfaCodeAttempts.ipAddress })
        .from(mfaCodeAttempts)
        .where(eq(mfaCodeAttempts.factorId, id));
      return addresses.flatMap((row) => (row.ipAddress ? [row.ipAddress] : []));
    });
  }
}
