import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '../database';
import { authFlowStates } from '../schema';

export type AuthFlowStateRow = typeof authFlowStates.$inferSelect;
export type NewAuthFlowState = Pick<
  AuthFlowStateRow,
  'provider' | 'stateDigest' | 'nonce' | 'providerCodeVerifier' | 'codeChallenge' | 'codeChallengeMethod' | 'redirectTo'
>;

/**
 * Sign-ins through an external provider in flight. Each step claims its row with one conditional
 * UPDATE, so a state or a code used twice (a replay, or two tabs) works once.
 */
export class AuthFlowStatesRepository {
  constructor(private readonly db: Database) {}

  async create(flow: NewAuthFlowState): Promise<AuthFlowStateRow> {
    // Flows never finished (the person closed the tab) are cleared as new ones start.
    await this.db.delete(authFlowStates).where(lt(authFlowStates.createdAt, new Date(Date.now() - 86_400_000)));
    const [row] = await this.db.insert(authFlowStates).values(flow).returning();
    return row!;
  }

  /** The flow of this state, if it started after `since` and its callback has not come yet; marks it come. */
  async claimCallback(stateDigest: string, since: Date): Promise<AuthFlowStateRow | undefined> {
    const [row] = await this.db
      .update(authFlowStates)
      .set({ callbackAt: new Date() })
      .where(
        and(eq(authFlowStates.stateDigest, stateDigest), isNull(authFlowStates.callbackAt), gt(authFlowStates.createdAt, since)),
      )
      .returning();
    return row;
  }

  /** The provider said who signed in: the app's one-time code for them. */
  async issueAuthCode(id: string, userId: string, authCodeDigest: string, providerMfa: boolean): Promise<void> {
    await this.db
      .update(authFlowStates)
      .set({ userId, authCodeDigest, providerMfa, authCodeIssuedAt: new Date() })
      .where(and(eq(authFlowStates.id, id), isNull(authFlowStates.authCodeDigest)));
  }

  /** The flow of this code, if it was issued after `since` and never redeemed; marks it redeemed. */
  async redeemAuthCode(authCodeDigest: string, since: Date): Promise<AuthFlowStateRow | undefined> {
    const [row] = await this.db
      .update(authFlowStates)
      .set({ authCodeUsedAt: new Date() })
      .where(
        and(
          eq(authFlowStates.authCodeDigest, authCodeDigest),
          isNull(authFlowStates.authCodeUsedAt),
          isNotNull(authFlowStates.userId),
          gt(authFlowStates.authCodeIssuedAt, since),
        ),
      )
      .returning();
    return row;
  }
}
