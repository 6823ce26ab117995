import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MESSAGES } from '@vendorwatch/contracts';
import { APP_CONFIG, escapeHtml, SmtpMailer, type AppConfig } from '@vendorwatch/runtime';

/**
 * The one email an alert channel gets before it is confirmed: a link that proves whoever reads the
 * address wants alerts there. Nothing else is ever sent to an address that did not open it.
 */
@Injectable()
export class AlertConfirmationMailer implements OnApplicationShutdown {
  private readonly mailer: SmtpMailer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.mailer = new SmtpMailer({ url: config.SMTP_URL, from: config.SMTP_FROM });
  }

  /** Whether email can be sent at all (SMTP_URL set). */
  get configured(): boolean {
    return this.mailer.configured;
  }

  async send(to: string, channelName: string, link: string): Promise<void> {
    const intro = `Someone added this address as the alert channel "${channelName}" in Vendorwatch.`;
    const ignore = 'If that was not you, ignore this email: nothing will be sent here.';
    await this.mailer.send({
      to,
      subject: MESSAGES.alerts.confirmationSubject,
      text: `${intro}\n\nTo receive its alerts, confirm the address:\n\n${link}\n\n${ignore}\n`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Confirm alerts to this address</a></p><p>${escapeHtml(ignore)}</p>`,
    });
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }
}
