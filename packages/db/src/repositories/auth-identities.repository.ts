import { and, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { authIdentities } from '../schema';

export type AuthIdentityRow = typeof authIdentities.$inferSelect;

/** Users' accounts at external identity providers, found by the provider's `sub` or by the user. */
export class AuthIdentitiesRepository {
  constructor(private readonly db: Database) {}

  async findBySubject(provider: string, subject: string): Promise<AuthIdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authIdentities)
      .where(and(eq(authIdentities.provider, provider), eq(authIdentities.providerSubject, subject)));
    return row;
  }

  async findForUser(provider: string, userId: string): Promise<AuthIdentityRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authIdentities)
      .where(and(eq(authIdentities.provider, provider), eq(authIdentities.userId, userId)));
    return row;
  }

  /** Undefined when the user or the `sub` is linked already (a concurrent first sign-in won). */
  async link(
    identity: Pick<AuthIdentityRow, 'userId' | 'provider' | 'providerSubject' | 'email'>,
  ): Promise<AuthIdentityRow | undefined> {
    const [row] = await this.db.insert(authIdentities).values(identity).onConflictDoNothing().returning();
    return row;
  }

  async recordSignIn(id: string, email: string): Promise<void> {
    await this.db.update(authIdentities).set({ email, lastSignInAt: new Date() }).where(eq(authIdentities.id, id));
  }
}
