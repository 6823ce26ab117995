import { formatMessage, MESSAGES, type ScrapingCredits } from '@vendorwatch/contracts';
import { readCappedJson, readCappedText, ResponseTooLargeError } from '../http/capped-body';
import { findSsrfRefusal } from '../network/ssrf-error';

/**
 * How much of the provider's answers is read. The endpoint may be one a user typed in: an answer
 * past these is refused (usage, pages) or cut (error texts), never buffered whole.
 */
export const PROVIDER_LIMITS = {
  usageBytes: 64 * 1024,
  errorBytes: 64 * 1024,
  pageBytes: 10 * 1024 * 1024,
} as const;

/**
 * A client for ScrapingBee's HTTP API (https://www.scrapingbee.com/documentation/):
 * `GET {endpoint}/?api_key&url&render_js` scrapes, `GET {endpoint}/usage?api_key` reports credits.
 * Errors are thrown as ScrapingBeeError with the spec's message texts.
 */
export class ScrapingBeeError extends Error {
  constructor(
    message: string,
    /** The provider's HTTP status; undefined when it could not be reached. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ScrapingBeeError';
  }
}

export interface ScrapeResponse {
  /** The target page's own status, from `Spb-initial-status-code`. */
  statusCode: number;
  /** Where the target's redirects ended, from `Spb-resolved-url`. */
  resolvedUrl: string | null;
  contentType: string | null;
  body: string;
  /** Credits this call cost, from `Spb-cost`. */
  cost: number;
  headers: Record<string, string>;
}

export interface ScrapingBeeClientOptions {
  endpoint: string;
  apiKey: string;
  timeoutMs?: number;
  /** Replaces global fetch: the worker passes its SSRF-guarded fetch. */
  fetch?: typeof fetch;
}

export class ScrapingBeeClient {
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ScrapingBeeClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** The URL of a call, with the key as given (for requests) — see `maskedUrl` for display. */
  url(path: '' | 'usage', params: Record<string, string> = {}): URL {
    const url = new URL(this.options.endpoint.replace(/\/+$/, '') + '/' + path);
    url.searchParams.set('api_key', this.options.apiKey);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url;
  }

  async usage(signal?: AbortSignal): Promise<ScrapingCredits> {
    const response = await this.request(this.url('usage'), signal);
    type Usage = { max_api_credit?: number; used_api_credit?: number };
    const body = await readCappedJson<Usage>(response, PROVIDER_LIMITS.usageBytes).catch((error: unknown) => {
      if (error instanceof ResponseTooLargeError) throw tooLarge(error);
      return {} as Usage;
    });
    const max = Number(body.max_api_credit ?? 0);
    const used = Number(body.used_api_credit ?? 0);
    return { max, used, remaining: Math.max(0, max - used) };
  }

  async scrape(
    targetUrl: string,
    { renderJs = false, signal }: { renderJs?: boolean; signal?: AbortSignal } = {},
  ): Promise<ScrapeResponse> {
    const response = await this.request(this.url('', { url: targetUrl, render_js: String(renderJs) }), signal);
    const headers = Object.fromEntries(response.headers.entries());
    return {
      statusCode: Number(headers['spb-initial-status-code'] ?? response.status),
      resolvedUrl: headers['spb-resolved-url'] ?? null,
      contentType: headers['content-type'] ?? null,
      body: await readCappedText(response, PROVIDER_LIMITS.pageBytes).catch((error: unknown) => {
        throw error instanceof ResponseTooLargeError ? tooLarge(error) : error;
      }),
      cost: Number(headers['spb-cost'] ?? 0),
      headers,
    };
  }

  private async request(url: URL, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30_000);
    let response: Response;
    try {
      response = await this.fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw new ScrapingBeeError(MESSAGES.scraping.requestCancelled);
      throw new ScrapingBeeError(
        timeout.aborted
          ? MESSAGES.scraping.noResponse
          : `${MESSAGES.scraping.connectFailed}: ${(findSsrfRefusal(error) ?? (error as Error)).message}`,
      );
    }
    if (!response.ok) {
      const text = await readCappedText(response, PROVIDER_LIMITS.errorBytes, { truncate: true }).catch(() => '');
      throw new ScrapingBeeError(
        formatMessage.serverReturned(response.status, providerErrorMessage(text, response.statusText)),
        response.status,
      );
    }
    return response;
  }
}

const tooLarge = (error: ResponseTooLargeError) => new ScrapingBeeError(`${MESSAGES.scraping.answerTooLarge}: ${error.message}`);

/** ScrapingBee answers errors as JSON `{ message }` or `{ error }`, sometimes as text. */
export function providerErrorMessage(text: string, fallback = ''): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; reason?: unknown };
    const message = body.message ?? body.error ?? body.reason;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: fall through to the text itself
  }
  return text.slice(0, 300) || fallback;
}

/** The URL with the key replaced by its masked form, as sent and as read. */
export function describeUrl(url: URL, maskedKey: string): { encoded: string; decoded: string } {
  const shown = new URL(url);
  shown.searchParams.set('api_key', maskedKey);
  return { encoded: shown.toString(), decoded: decodeURIComponent(shown.toString()) };
}
