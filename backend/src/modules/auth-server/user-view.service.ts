import { Injectable } from '@nestjs/common';
import { AuthMfaFactorsRepository, type MfaFactorRow, type UserRow } from '@vendorwatch/db';
import type { GoTrueUser } from '@vendorwatch/contracts';
import { randomUUID } from 'node:crypto';

/** Every account of the embedded auth signs in with email and password. */
export const APP_METADATA = { provider: 'email', providers: ['email'] };

export type { GoTrueUser };

@Injectable()
export class UserViewService {
  constructor(private readonly factors: AuthMfaFactorsRepository) {}

  async render(user: UserRow): Promise<GoTrueUser> {
    return toGoTrueUser(user, await this.factors.listByUser(user.id));
  }

  /**
   * What sign-up answers for an address that is already confirmed while confirmation is on:
   * a user that looks new (fresh id, no identities), so the answer does not reveal the account.
   */
  stranger(email: string, userMetadata: Record<string, unknown>): GoTrueUser {
    const now = new Date().toISOString();
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: APP_METADATA,
      user_metadata: userMetadata,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    };
  }
}

function toGoTrueUser(user: UserRow, factors: MfaFactorRow[]): GoTrueUser {
  const iso = (date: Date | null) => date?.toISOString();
  const confirmedAt = iso(user.emailConfirmedAt);
  return {
    id: user.id,
    aud: 'authenticated',
    role: user.role,
    email: user.email,
    phone: '',
    ...(confirmedAt ? { email_confirmed_at: confirmedAt, confirmed_at: confirmedAt } : {}),
    ...(user.confirmationSentAt ? { confirmation_sent_at: iso(user.confirmationSentAt) } : {}),
    ...(user.lastSignInAt ? { last_sign_in_at: iso(user.lastSignInAt) } : {}),
    app_metadata: APP_METADATA,
    user_metadata: user.userMetadata,
    // Real accounts carry their email identity: clients tell a repeated sign-up (no identities) by it.
    identities: [emailIdentity(user)],
    ...(factors.length ? { factors: factors.map(toFactor) } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

/** There is no identities table: the one email identity is derived from the user (its id is the user's). */
function emailIdentity(user: UserRow): Record<string, unknown> {
  return {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: { sub: user.id, email: user.email, email_verified: Boolean(user.emailConfirmedAt), phone_verified: false },
    provider: 'email',
    email: user.email,
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt.toISOString() } : {}),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

function toFactor(factor: MfaFactorRow): Record<string, unknown> {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName ?? undefined,
    factor_type: factor.factorType,
    status: factor.status,
    ...(factor.phone ? { phone: factor.phone } : {}),
    created_at: factor.createdAt.toISOString(),
    updated_at: factor.updatedAt.toISOString(),
  };
}
