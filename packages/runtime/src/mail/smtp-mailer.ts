import { createTransport, type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The product's one way out by email (sign-up and recovery links, alerts): SMTP_URL, from SMTP_FROM.
 * The transport is made on first use, so a process that never mails never connects.
 */
export class SmtpMailer {
  private transport?: Transporter;

  constructor(private readonly smtp: { url: string | undefined; from: string }) {}

  /** Whether mail can be sent at all (SMTP_URL set). */
  get configured(): boolean {
    return Boolean(this.smtp.url);
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.smtp.url) throw new Error('No SMTP_URL is configured: emails cannot be sent');
    this.transport ??= createTransport(this.smtp.url);
    await this.transport.sendMail({ from: this.smtp.from, ...mail });
  }

  close(): void {
    this.transport?.close();
  }
}

/** Text set into an email's HTML (links, user-named things). */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
