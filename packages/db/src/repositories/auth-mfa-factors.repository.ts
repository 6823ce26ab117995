import { asc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { mfaFactors } from '../schema';

export type MfaFactorRow = typeof mfaFactors.$inferSelect;

/** MFA factors as far as the user object shows them; enrolment and challenges come later. */
export class AuthMfaFactorsRepository {
  constructor(private readonly db: Database) {}

  listByUser(userId: string): Promise<MfaFactorRow[]> {
    return this.db
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, userId))
      .orderBy(asc(mfaFactors.createdAt), asc(mfaFactors.id));
  }
}
