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
    /** A webhook attempt's whole time: connecting, sending and the answer's headers together. */
    private readonly timeoutMs: number,
  ) {
    this.mailer = new SmtpMailer(smtp);
  }

  /**
   * One deadline for the whole attempt, however the receiver trickles its bytes; the answer's status
   * is all that counts, so its body is discarded unread (a receiver cannot hold the slot with it).
   */
  async webhook(url: string, secret: string, event: AlertEvent, stop?: AbortSignal, now = new Date()): Promise<SendOutcome> {
    const body = JSON.stringify(event);
    const timestamp = String(Math.floor(now.getTime() / 1000));
    const deadline = AbortSignal.timeout(this.timeoutMs);
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
        signal: stop ? AbortSignal.any([deadline, stop]) : deadline,
      });
      // Closing the body before its end aborts the request: that error is the expected outcome.
      response.body.on('error', () => undefined).destroy();
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { ok, statusCode: response.statusCode, error: ok ? null : `The receiver answered ${response.statusCode}` };
    } catch (error) {
      return {
        ok: false,
        statusCode: null,
        error: deadline.aborted ? `The receiver did not answer within ${this.timeoutMs / 1000} s` : messageOf(error),
      };
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
