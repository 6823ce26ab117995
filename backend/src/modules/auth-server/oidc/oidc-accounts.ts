import { Injectable } from '@nestjs/common';
import { LIMITS, OIDC_PROVIDER } from '@vendorwatch/contracts';
import { AuthIdentitiesRepository, UsersRepository, type UserRow } from '@vendorwatch/db';
import { OidcSignInError } from './oidc-sign-in-error';

/**
 * Who an ID token's claims are here. The provider's `sub` is the identity; the email only finds
 * the account at the first sign-in, and only when the provider asserts it verified: an unverified
 * claim must never open someone else's password account. A second `sub` for an address that is
 * linked already is refused.
 */
@Injectable()
export class OidcAccounts {
  constructor(
    private readonly users: UsersRepository,
    private readonly identities: AuthIdentitiesRepository,
  ) {}

  async userFor(claims: Record<string, unknown>): Promise<UserRow> {
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || email.length > LIMITS.auth.emailMaxLength)
      throw new OidcSignInError('email_missing', 'missing_email', 'no email claim');
    const verified = claims.email_verified === true || claims.email_verified === 'true';

    const known = await this.identities.findBySubject(OIDC_PROVIDER, subject);
    if (known) {
      const user = await this.users.findById(known.userId);
      if (user) {
        await this.identities.recordSignIn(known.id, email);
        return user;
      }
    }
    if (!verified) throw new OidcSignInError('email_unverified', 'email_not_verified', email);

    const existing = await this.users.findByEmail(email);
    const user =
      existing ??
      (await this.users.create({ email, encryptedPassword: '', userMetadata: {}, emailConfirmedAt: new Date() })) ??
      (await this.users.findByEmail(email)); // A concurrent first sign-in made it.
    if (!user) throw new OidcSignInError('unexpected', 'user_not_created', email);
    const linked = await this.identities.link({ userId: user.id, provider: OIDC_PROVIDER, providerSubject: subject, email });
    if (!linked) {
      const current = await this.identities.findForUser(OIDC_PROVIDER, user.id);
      if (current?.providerSubject !== subject) throw new OidcSignInError('subject_mismatch', 'other_subject', email);
    }
    return user;
  }
}
