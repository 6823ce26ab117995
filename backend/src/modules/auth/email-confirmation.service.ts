import { Inject, Injectable, Logger } from '@nestjs/common';
import { UsersRepository, type UserRow } from '@vendorwatch/db';
import { APP_CONFIG, publicUrl, type AppConfig } from '@vendorwatch/runtime';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfirmationMailer } from './confirmation-mailer';
import { AuthErrors } from './gotrue-error';
import { digestOf, newOpaqueToken } from './opaque-tokens';
import { RedirectPolicy } from './redirect-policy';

/** Supabase Auth's default minimum gap between two confirmation emails to one address. */
const RESEND_INTERVAL_SECONDS = 60;

/**
 * Sign-up confirmation. The link carries a random token (the database keeps its digest); the
 * six-digit code in the same email is derived from that digest, so either confirms the address
 * and the link is as strong as its 256 bits, not as weak as the code.
 */
@Injectable()
export class EmailConfirmationService {
  private readonly logger = new Logger('EmailConfirmationService');

  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: ConfirmationMailer,
    private readonly redirects: RedirectPolicy,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Replaces any earlier link of `user` with a new one, mails it, and returns the user as stored. */
  async send(user: UserRow, redirectTo: string | undefined): Promise<UserRow> {
    const wait = secondsBeforeResend(user.confirmationSentAt);
    if (wait > 0) throw AuthErrors.emailSendTooSoon(wait);
    const token = newOpaqueToken();
    const digest = digestOf(token);
    const sentAt = new Date();
    await this.users.setConfirmationToken(user.id, digest, sentAt);
    try {
      await this.mailer.send({ to: user.email, link: this.link(token, redirectTo), code: codeFor(digest) });
    } catch (error) {
      this.logger.error(`Confirmation email to ${user.email} failed: ${error instanceof Error ? error.message : error}`);
      await this.users.setConfirmationToken(user.id, null, null);
      throw AuthErrors.emailSendFailed();
    }
    return { ...user, confirmationToken: digest, confirmationSentAt: sentAt };
  }

  async confirmByLinkToken(token: string): Promise<UserRow> {
    const user = await this.users.confirmByToken(digestOf(token), this.validSince());
    if (!user) throw AuthErrors.otpExpired();
    return user;
  }

  async confirmByCode(email: string, code: string): Promise<UserRow> {
    const pending = (await this.users.findByEmail(email))?.confirmationToken;
    if (!pending || !sameText(codeFor(pending), code)) throw AuthErrors.otpExpired();
    const user = await this.users.confirmByToken(pending, this.validSince());
    if (!user) throw AuthErrors.otpExpired();
    return user;
  }

  private link(token: string, redirectTo: string | undefined): string {
    const url = new URL(`${publicUrl(this.config)}/auth/v1/verify`);
    url.searchParams.set('token', token);
    url.searchParams.set('type', 'signup');
    url.searchParams.set('redirect_to', this.redirects.resolve(redirectTo));
    return url.toString();
  }

  private validSince(): Date {
    return new Date(Date.now() - this.config.AUTH_EMAIL_LINK_EXPIRY_SECONDS * 1000);
  }
}

function secondsBeforeResend(sentAt: Date | null): number {
  if (!sentAt) return 0;
  return Math.ceil(RESEND_INTERVAL_SECONDS - (Date.now() - sentAt.getTime()) / 1000);
}

function codeFor(digest: string): string {
  const number = parseInt(createHash('sha256').update(`code:${digest}`).digest('hex').slice(0, 12), 16) % 1_000_000;
  return number.toString().padStart(6, '0');
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
