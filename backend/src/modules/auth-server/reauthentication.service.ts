import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthOneTimeTokensRepository, type UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { AuthMailer } from './auth-mailer';
import { MAX_CODE_ATTEMPTS, RESEND_INTERVAL_SECONDS } from './email-links.service';
import { AuthErrors } from './gotrue-error';
import { digestOf, emailCodeOf, newOpaqueToken, sameSecret } from './opaque-tokens';

/**
 * Supabase Auth's reauthentication: a signed-in user asks for a code by email (the nonce) and gives
 * it with their new password, instead of the current one. The nonce works once, within the
 * lifetime of emailed links, and survives a few wrong tries; a new one replaces the old.
 */
@Injectable()
export class ReauthenticationService {
  private readonly logger = new Logger('ReauthenticationService');

  constructor(
    private readonly tokens: AuthOneTimeTokensRepository,
    private readonly mailer: AuthMailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Emails a new nonce, at most one a minute (429 otherwise: the caller is signed in, nothing to hide). */
  async send(user: UserRow): Promise<Record<string, never>> {
    const pending = await this.tokens.findForUser(user.id, 'reauthentication');
    const waited = pending ? (Date.now() - pending.createdAt.getTime()) / 1000 : Infinity;
    if (waited < RESEND_INTERVAL_SECONDS) throw AuthErrors.emailSendTooSoon(Math.ceil(RESEND_INTERVAL_SECONDS - waited));
    const digest = digestOf(newOpaqueToken());
    const row = await this.tokens.replace({ userId: user.id, purpose: 'reauthentication', tokenDigest: digest });
    this.mailer.send({ kind: 'reauthentication', to: user.email, code: emailCodeOf(digest) }).catch(async (error: unknown) => {
      this.logger.error(`Email to ${user.email} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.tokens.delete(row.id).catch(() => undefined); // a nonce that never arrived must not block a new one
    });
    return {};
  }

  /**
   * Checks the user's nonce, or answers 400 reauthentication_not_valid; the answer is what spends it,
   * called once the change it allows is ready (the new password hashed). Every try is counted before
   * it is checked, as second-factor codes are: the nonce takes MAX_CODE_ATTEMPTS tries in all, and the
   * right one is spent only if no other try was counted in the meantime — wrong nonces sent together
   * with the right one cannot outrun the count, whichever of them is checked first.
   */
  async admit(user: UserRow, nonce: string): Promise<() => Promise<void>> {
    const pending = await this.tokens.findForUser(user.id, 'reauthentication');
    const validSince = Date.now() - this.config.AUTH_EMAIL_LINK_EXPIRY_SECONDS * 1000;
    if (!pending || pending.createdAt.getTime() <= validSince) throw AuthErrors.reauthenticationNotValid();
    const attempt = await this.tokens.claimAttempt(pending.id, MAX_CODE_ATTEMPTS);
    if (attempt === null) throw AuthErrors.reauthenticationNotValid();
    if (!sameSecret(emailCodeOf(pending.tokenDigest), nonce.trim())) {
      if (attempt >= MAX_CODE_ATTEMPTS) await this.tokens.delete(pending.id);
      throw AuthErrors.reauthenticationNotValid();
    }
    return async () => {
      if (!(await this.tokens.spendAfterAttempt(pending.id, attempt))) throw AuthErrors.reauthenticationNotValid();
    };
  }
}
