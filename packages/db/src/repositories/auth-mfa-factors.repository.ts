import { and, asc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../database';
import { mfaFactors } from '../schema';

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
}
