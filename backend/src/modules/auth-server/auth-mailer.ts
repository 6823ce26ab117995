import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { AuthEmailDelivery } from '@vendorwatch/contracts';
import { APP_CONFIG, escapeHtml, SmtpMailer, type AppConfig } from '@vendorwatch/runtime';

/**
 * The emails of the embedded auth: a one-time link (the confirmation also carries a code), the
 * code that proves a signed-in user reads their email (reauthentication), and the warning that a
 * second factor was locked after too many wrong codes.
 */
export type AuthMail =
  | { kind: 'confirmation'; to: string; link: string; code: string }
  | { kind: 'recovery'; to: string; link: string }
  | { kind: 'reauthentication'; to: string; code: string }
  | FactorLockedMail;

export interface FactorLockedMail {
  kind: 'factor-locked';
  to: string;
  factorName: string;
  failures: number;
  windowSeconds: number;
  lockedUntil: Date;
  /** The client addresses the wrong codes came from. */
  addresses: string[];
}

interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** What the development log shows instead of sending (the link, or the gist of a warning). */
  gist: string;
}

/**
 * Sends through SMTP_URL. Without SMTP nothing can be sent: in development the gist (for a link,
 * the link itself) is logged so an operator trying the app locally can still use it; anywhere else
 * a log line holding a link that signs someone in would be a leak, so only the fact is logged (set
 * SMTP_URL or AUTH_AUTOCONFIRM).
 */
@Injectable()
export class AuthMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('AuthMailer');
  private readonly mailer: SmtpMailer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.mailer = new SmtpMailer({ url: config.SMTP_URL, from: config.SMTP_FROM });
  }

  async send(mail: AuthMail): Promise<void> {
    const { subject, text, html, gist } = render(mail);
    const delivery = authEmailDelivery(this.config);
    if (delivery === 'logged') this.logger.log(`${subject} (${mail.to}): ${gist}`);
    else if (delivery === 'not-sent') this.logger.warn(`No SMTP_URL: the email "${subject}" to ${mail.to} was not sent`);
    else await this.mailer.send({ to: mail.to, subject, text, html });
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}

/**
 * What becomes of the embedded auth's emails, as the sign-up screen tells the user: sent through
 * SMTP (with a hosted Supabase project, that project sends them), logged in development, or lost.
 */
export function authEmailDelivery(config: Pick<AppConfig, 'SMTP_URL' | 'SUPABASE_URL' | 'NODE_ENV'>): AuthEmailDelivery {
  if (config.SUPABASE_URL || config.SMTP_URL) return 'sent';
  return config.NODE_ENV === 'development' ? 'logged' : 'not-sent';
}

function render(mail: AuthMail): RenderedMail {
  if (mail.kind === 'factor-locked') return renderFactorLocked(mail);
  if (mail.kind === 'reauthentication') {
    const note = 'If you did not ask for this, someone may be signed in to your account: change your password.';
    return {
      subject: 'Confirm reauthentication',
      text: `Enter this code to confirm it is you: ${mail.code}\n\n${note}\n`,
      html: `<h2>Confirm reauthentication</h2><p>Enter this code to confirm it is you: ${mail.code}</p><p>${note}</p>`,
      gist: `code ${mail.code}`,
    };
  }
  const link = escapeHtml(mail.link);
  if (mail.kind === 'confirmation') {
    return {
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your account:\n\n${mail.link}\n\nOr enter this code: ${mail.code}\n`,
      html: `<h2>Confirm your signup</h2><p><a href="${link}">Confirm your account</a></p><p>Or enter this code: ${mail.code}</p>`,
      gist: mail.link,
    };
  }
  return {
    subject: 'Reset your password',
    text: `Follow this link to choose a new password:\n\n${mail.link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    html: `<h2>Reset your password</h2><p><a href="${link}">Choose a new password</a></p><p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
    gist: mail.link,
  };
}

function renderFactorLocked(mail: FactorLockedMail): RenderedMail {
  const minutes = Math.round(mail.windowSeconds / 60);
  const happened = `${mail.failures} wrong codes for your authenticator app "${mail.factorName || 'Authenticator app'}" were entered within ${minutes} minutes`;
  const from = mail.addresses.length > 0 ? ` (from ${mail.addresses.slice(0, 10).join(', ')})` : '';
  const until = `${mail.lockedUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  const advice =
    'Whoever entered them knew your password: if it was not you, change your password now (Security page) and sign out your other sessions.';
  return {
    subject: 'Two-factor sign-in locked after wrong codes',
    text: `${happened}${from}.\n\nUntil ${until} no code is accepted for it, the right one included.\n\n${advice}\n`,
    html: `<h2>Two-factor sign-in locked</h2><p>${escapeHtml(happened + from)}.</p><p>Until ${until} no code is accepted for it, the right one included.</p><p>${escapeHtml(advice)}</p>`,
    gist: `${happened}${from}; locked until ${until}`,
  };
}
