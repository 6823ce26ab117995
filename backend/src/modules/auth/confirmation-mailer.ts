import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@vendorwatch/runtime';
import { createTransport, type Transporter } from 'nodemailer';

export interface ConfirmationMail {
  to: string;
  link: string;
  code: string;
}

/**
 * Sends the sign-up confirmation through SMTP_URL. Without SMTP the link is logged instead, so an
 * operator running locally can still confirm an account (or set AUTH_AUTOCONFIRM).
 */
@Injectable()
export class ConfirmationMailer implements OnApplicationShutdown {
  private readonly logger = new Logger('ConfirmationMailer');
  private transport?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async send({ to, link, code }: ConfirmationMail): Promise<void> {
    if (!this.config.SMTP_URL) {
      this.logger.log(`Confirm the account of ${to}: ${link}`);
      return;
    }
    this.transport ??= createTransport(this.config.SMTP_URL);
    await this.transport.sendMail({
      from: this.config.SMTP_FROM,
      to,
      subject: 'Confirm your signup',
      text: `Follow this link to confirm your account:\n\n${link}\n\nOr enter this code: ${code}\n`,
      html: `<h2>Confirm your signup</h2><p><a href="${escapeHtml(link)}">Confirm your account</a></p><p>Or enter this code: ${code}</p>`,
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
