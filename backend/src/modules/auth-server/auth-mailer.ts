import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, escapeHtml, SmtpMailer, type AppConfig } from '@vendorwatch/runtime';

/** The emails of the embedded auth: each carries a one-time link, and the confirmation also a code. */
export type AuthMail =
  { kind: 'confirmation'; to: string; link: string; code: string } | { kind: 'recovery'; to: string; link: string };

const SUBJECTS: Record<AuthMail['kind'], string> = {
  confirmation: 'Confirm your signup',
  recovery: 'Reset your password',
};

/**
 * Sends through SMTP_URL. Without SMTP nothing can be sent: in development the link is logged so
 * an operator trying the app locally can still use it; anywhere else a log line holding a link
 * that signs someone in would be a leak, so only the fact is logged (set SMTP_URL or
 * AUTH_AUTOCONFIRM).
 */
@Injectable()
export class AuthMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('AuthMailer');
  private readonly mailer: SmtpMailer;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.mailer = new SmtpMailer({ url: config.SMTP_URL, from: config.SMTP_FROM });
  }

  async send(mail: AuthMail): Promise<void> {
    if (!this.mailer.configured) {
      if (this.config.NODE_ENV === 'development') this.logger.log(`${SUBJECTS[mail.kind]} (${mail.to}): ${mail.link}`);
      else this.logger.warn(`No SMTP_URL: the email "${SUBJECTS[mail.kind]}" to ${mail.to} was not sent`);
      return;
    }
    await this.mailer.send({ to: mail.to, subject: SUBJECTS[mail.kind], ...render(mail) });
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}

function render(mail: AuthMail): { text: string; html: string } {
  const link = escapeHtml(mail.link);
  if (mail.kind === 'confirmation') {
    return {
      text: `Follow this link to confirm your account:\n\n${mail.link}\n\nOr enter this code: ${mail.code}\n`,
      html: `<h2>Confirm your signup</h2><p><a href="${link}">Confirm your account</a></p><p>Or enter this code: ${mail.code}</p>`,
    };
  }
  return {
    text: `Follow this link to choose a new password:\n\n${mail.link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n`,
    html: `<h2>Reset your password</h2><p><a href="${link}">Choose a new password</a></p><p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  };
}
