import { WEBHOOK_HEADERS, type AlertEvent } from '@vendorwatch/contracts';
import { escapeHtml, SmtpMailer } from '@vendorwatch/runtime';
import { createHmac } from 'node:crypto';
import { request, type Dispatcher } from 'undici';

/** What one attempt gave: a status code when a server answered. */
export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** `sha256=` + HMAC-SHA256 of `timestamp.body` with the channel's secret: what a receiver recomputes. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

/**
 * Sends one alert: a JSON POST through the crawls' SSRF-guarded dispatcher (a webhook URL is user
 * input like a crawl target; redirects are not followed), or an email through SMTP_URL.
 */
export class AlertSender {
  private readonly mailer: SmtpMailer;

  constructor(
    private readonly dispatcher: Dispatcher,
    smtp: { url: string | undefined; from: string },
  ) {
    this.mailer = new SmtpMailer(smtp);
  }

  async webhook(url: string, secret: string, event: AlertEvent, now = new Date()): Promise<SendOutcome> {
    const body = JSON.stringify(event);
    const timestamp = String(Math.floor(now.getTime() / 1000));
    try {
      const response = await request(url, {
        method: 'POST',
        dispatcher: this.dispatcher,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Vendorwatch-Alerts',
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.signature]: webhookSignature(secret, timestamp, body),
        },
        body,
        headersTimeout: WEBHOOK_TIMEOUT_MS,
        bodyTimeout: WEBHOOK_TIMEOUT_MS,
      });
      await response.body.dump();
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { ok, statusCode: response.statusCode, error: ok ? null : `The receiver answered ${response.statusCode}` };
    } catch (error) {
      return { ok: false, statusCode: null, error: messageOf(error) };
    }
  }

  async email(to: string, event: AlertEvent): Promise<SendOutcome> {
    try {
      await this.mailer.send({ to, subject: event.subject, ...render(event) });
      return { ok: true, statusCode: null, error: null };
    } catch (error) {
      return { ok: false, statusCode: null, error: messageOf(error) };
    }
  }

  close(): void {
    this.mailer.close();
  }
}

const messageOf = (error: unknown) => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 500);
};

function render(event: AlertEvent): { text: string; html: string } {
  const lines = event.details.map((line) => `- ${line}`).join('\n');
  return {
    text: `${event.subject}\n\n${lines}\n\nSee the change: ${event.link}\n`,
    html: `<h2>${escapeHtml(event.subject)}</h2><ul>${event.details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul><p><a href="${escapeHtml(event.link)}">See the change</a></p>`,
  };
}
