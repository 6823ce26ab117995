import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthOneTimeTokensRepository, UsersRepository, type UserRow } from '@vendorwatch/db';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { AuthMailer } from './auth-mailer';
import { AuthErrors } from './gotrue-error';
import { digestOf, emailCodeOf, newOpaqueToken, sameSecret } from './opaque-tokens';
import { RedirectPolicy } from './redirect-policy';

/** Supabase Auth's default minimum gap between two emails of one kind to one address. */
export const RESEND_INTERVAL_SECONDS = 60;

/** Wrong codes a pending confirmation (or reauthentication) survives; then it is gone and a new email is needed. */
export const MAX_CODE_ATTEMPTS = 5;

/** What an emailed link is for. */
export type LinkPurpose = 'confirmation' | 'recovery';

/** The app's pages the links open: each shows a button that POSTs the token, so a GET uses nothing. */
const PAGE_OF: Record<LinkPurpose, { path: string; type: string }> = {
  confirmation: { path: '/confirm', type: 'signup' },
  recovery: { path: '/reset-password', type: 'recovery' },
};

/**
 * Emailed links: confirmation of a sign-up and password recovery. Each link carries a random
 * token (the database keeps its digest); the six-digit code of a confirmation email is derived
 * from that digest, so either confirms the address and the link is as strong as its 256 bits.
 *
 * Links open a page of the app, not this API: mail scanners fetch every link they see, and a GET
 * that used the token would spend it before the person clicks.
 */
@Injectable()
export class EmailLinksService {
  private readonly logger = new Logger('EmailLinksService');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: AuthOneTimeTokensRepository,
    private readonly mailer: AuthMailer,
    private readonly redirects: RedirectPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Replaces any earlier link of this purpose with a new one and sends it, unless one went out
   * less than a minute ago (then nothing happens, and the caller answers as if it had: the answer
   * must not tell whether the address has an account). Sending happens after the answer, so its
   * duration tells nothing either; a failed send is logged and the link withdrawn.
   */
  async issue(
    user: UserRow,
    purpose: LinkPurpose,
    redirectTo: string | undefined,
    pendingPasswordHash?: string,
  ): Promise<UserRow> {
    const sentAt = purpose === 'confirmation' ? user.confirmationSentAt : user.recoverySentAt;
    if (sentAt && Date.now() - sentAt.getTime() < RESEND_INTERVAL_SECONDS * 1000) return user;
    const token = newOpaqueToken();
    const digest = digestOf(token);
    const now = new Date();
    const row = await this.tokens.replace({ userId: user.id, purpose, tokenDigest: digest, pendingPasswordHash });
    await this.users.setEmailSentAt(user.id, purpose, now);
    const link = this.link(purpose, token, redirectTo);
    const mail =
      purpose === 'confirmation'
        ? { kind: 'confirmation' as const, to: user.email, link, code: emailCodeOf(digest) }
        : { kind: 'recovery' as const, to: user.email, link };
    this.mailer.send(mail).catch(async (error: unknown) => {
      this.logger.error(`Email to ${user.email} failed: ${error instanceof Error ? error.message : String(error)}`);
      // A link that never arrived must not block a new one for a minute.
      await Promise.all([this.tokens.delete(row.id), this.users.setEmailSentAt(user.id, purpose, null)]).catch(() => {});
    });
    return purpose === 'confirmation' ? { ...user, confirmationSentAt: now } : { ...user, recoverySentAt: now };
  }

  /**
   * A pending sign-up's confirmation again, with the password that sign-up gave (the account has
   * none until then). Nothing when no sign-up is pending: its link expired or took five wrong codes.
   */
  async reissueConfirmation(user: UserRow, redirectTo: string | undefined): Promise<void> {
    const pending = await this.tokens.findForUser(user.id, 'confirmation');
    if (!pending?.pendingPasswordHash) return;
    await this.issue(user, 'confirmation', redirectTo, pending.pendingPasswordHash);
  }

  /** Uses a link's token: the user it confirms (and, for a sign-up, whose password it sets). */
  async useLinkToken(token: string, purpose: LinkPurpose): Promise<UserRow> {
    const user = await this.tokens.consume(digestOf(token), purpose, this.validSince());
    if (!user) throw AuthErrors.otpExpired();
    return user;
  }

  /** Uses a confirmation code; a wrong one counts against the pending confirmation. */
  async useConfirmationCode(email: string, code: string): Promise<UserRow> {
    const user = await this.users.findByEmail(email);
    const pending = user && (await this.tokens.findForUser(user.id, 'confirmation'));
    if (!pending || pending.createdAt < this.validSince()) throw AuthErrors.otpExpired();
    if (!sameSecret(emailCodeOf(pending.tokenDigest), code)) {
      await this.tokens.recordFailedAttempt(pending.id, MAX_CODE_ATTEMPTS);
      throw AuthErrors.otpExpired();
    }
    const confirmed = await this.tokens.consume(pending.tokenDigest, 'confirmation', this.validSince());
    if (!confirmed) throw AuthErrors.otpExpired();
    return confirmed;
  }

  /** The page a link opens, on the origin the client asked to come back to (if the operator allows it). */
  pageFor(purpose: LinkPurpose, token: string, redirectTo: string | undefined): string {
    return this.link(purpose, token, redirectTo);
  }

  private link(purpose: LinkPurpose, token: string, redirectTo: string | undefined): string {
    const page = PAGE_OF[purpose];
    const url = new URL(page.path, this.redirects.resolve(redirectTo));
    url.searchParams.set('token_hash', token);
    url.searchParams.set('type', page.type);
    return url.toString();
  }

  private validSince(): Date {
    return new Date(Date.now() - this.config.AUTH_EMAIL_LINK_EXPIRY_SECONDS * 1000);
  }
}
