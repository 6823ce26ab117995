import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<UserRow, 'email' | 'encryptedPassword' | 'userMetadata'> & Partial<Pick<UserRow, 'emailConfirmedAt'>>;

/** Accounts of the embedded auth. Emails are stored lower-cased; lookups compare lower-cased too. */
export class UsersRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  }

  /** Undefined when the email is taken: a concurrent sign-up lost the race on the unique index. */
  async create(user: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return row;
  }

  /**
   * With hosted auth the accounts live in the Supabase project; user data here still references
   * `users`, so each hosted user gets a row (without a password) the first time they call the API.
   */
  async ensureHostedUser(id: string, email: string): Promise<void> {
    await this.db
      .insert(users)
      .values({ id, email: email.toLowerCase(), encryptedPassword: '', emailConfirmedAt: new Date() })
      .onConflictDoNothing();
  }

  /** When the last confirmation (or recovery) email went out: one per address per minute. */
  async setEmailSentAt(id: string, kind: 'confirmation' | 'recovery', sentAt: Date | null): Promise<void> {
    await this.db
      .update(users)
      .set(kind === 'confirmation' ? { confirmationSentAt: sentAt } : { recoverySentAt: sentAt })
      .where(eq(users.id, id));
  }

  async recordSignIn(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, id)).returning();
    return row;
  }

  async update(id: string, changes: Partial<Pick<UserRow, 'encryptedPassword' | 'userMetadata'>>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
