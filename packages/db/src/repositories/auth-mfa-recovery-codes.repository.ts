import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../database';
import { mfaRecoveryCodes } from '../schema';

/** The recovery codes of a factor, kept as digests: issued ten at a time, each used once. */
export class AuthMfaRecoveryCodesRepository {
  constructor(private readonly db: Database) {}

  /** The factor's codes become these: the earlier set, used or not, stops working in the same step. */
  async replace(factorId: string, codeDigests: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.factorId, factorId));
      await tx.insert(mfaRecoveryCodes).values(codeDigests.map((codeDigest) => ({ factorId, codeDigest })));
    });
  }

  /**
   * Uses the code once: true when it was the factor's and unused. One statement, so two sign-ins with
   * the same code at the same moment cannot both succeed.
   */
  async consume(factorId: string, codeDigest: string): Promise<boolean> {
    const rows = await this.db
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(mfaRecoveryCodes.factorId, factorId),
          eq(mfaRecoveryCodes.codeDigest, codeDigest),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return rows.length === 1;
  }
}
