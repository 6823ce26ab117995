import {
  findSsrfRefusal,
  providerErrorMessage,
  readCapped,
  type AddressGuard,
  type ScrapingBeeClient,
} from '@vendorwatch/runtime';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { CrawlAbortedError, abortReasonOf } from '../../primitives/abort';
import { CriticalCrawlError, PageFetchError, RetryableFetchError } from '../../primitives/errors';
import type { Fetcher, FetchedPage } from '../fetcher';
import { digestBuffer, MAX_BODY_BYTES, type PageReading } from '../../page-reading/page-body';
import { parseRetryAfter } from '../../politeness/retry-policy';
import { splitCookiesString } from 'set-cookie-parser';

/** ScrapingBee's own headers; every other `Spb-` header is the target's, prefixed. */
const OWN_HEADERS = new Set(['spb-cost', 'spb-initial-status-code', 'spb-resolved-url']);
const TIMEOUT_MS = 60_000;
/** Plain-text answers up to this size are kept as text (security.txt). */
const MAX_TEXT_BYTES = 32 * 1024;

/**
 * The ScrapingBee HTML API: `GET {endpoint}?api_key&url&render_js=false`. We also ask for
 * `transparent_status_code=true` so the API answers with the page's own status (a 404 or 500 page
 * is a result to record, not an API failure); an answer carrying `Spb-initial-status-code` came from
 * the target, one without it is the API's own error (JSON `{message}`). Credits come from `Spb-cost`.
 */
export class ScrapingBeeFetcher implements Fetcher {
  readonly method = 'api' as const;

  constructor(
    private readonly client: ScrapingBeeClient,
    private readonly dispatcher: Dispatcher,
    private readonly guard: AddressGuard,
    private readonly reading: PageReading = {},
  ) {}

  async fetch(url: string, signal: AbortSignal): Promise<FetchedPage> {
    // The API fetches, not us — but a crawl must not point it at our own network either.
    await this.guard.check(new URL(url).hostname).catch((error: unknown) => {
      const refusal = findSsrfRefusal(error);
      throw refusal ? new PageFetchError(refusal.message) : new PageFetchError(`Host not found: ${new URL(url).hostname}`);
    });
    const apiUrl = this.client.url('', { url, render_js: 'false', transparent_status_code: 'true' });
    const started = performance.now();
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    let buffer: Buffer;
    try {
      response = await undiciFetch(apiUrl, { dispatcher: this.dispatcher, signal: AbortSignal.any([signal, timeout]) });
      // One byte past the page limit: the digest then marks the page truncated, and no more is read.
      buffer = (await readCapped(response.body, MAX_BODY_BYTES + 1, { truncate: true })).buffer;
    } catch (error) {
      const reason = abortReasonOf(signal);
      if (reason) throw new CrawlAbortedError(reason);
      throw new RetryableFetchError(
        timeout.aborted ? 'ScrapingBee did not answer in time' : `Could not reach ScrapingBee: ${(error as Error).message}`,
      );
    }
    const raw = Object.fromEntries([...response.headers.entries()].map(([k, v]) => [k.toLowerCase(), v]));
    const initialStatus = raw['spb-initial-status-code'];
    if (initialStatus === undefined) throw apiError(response.status, buffer.toString('utf8'), raw['retry-after']);

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(raw))
      if (name.startsWith('spb-') && !OWN_HEADERS.has(name) && name !== 'spb-set-cookie') headers[name.slice(4)] = value;
    // Repeated Spb-Set-Cookie headers arrive joined with ", ", which cookie dates contain too.
    const joined = response.headers.get('spb-set-cookie');
    const setCookies = joined ? splitCookiesString(joined) : [];
    const finalUrl = raw['spb-resolved-url'] || url;
    const contentType = headers['content-type'] ?? raw['content-type'] ?? null;
    const digest = await digestBuffer(buffer, contentType, finalUrl, this.reading);
    return {
      requestedUrl: url,
      finalUrl,
      // With transparent_status_code the answer's status is the final page's; the initial one is the first hop's (a 301 …).
      statusCode: response.status,
      headers,
      setCookies,
      contentType,
      // The API follows redirects itself and reports only where they ended.
      redirectChain: finalUrl !== url || /^3/.test(initialStatus) ? [url] : [],
      responseTimeMs: performance.now() - started,
      body: digest.body,
      document: digest.document,
      ...(/^text\/plain\b/i.test(contentType ?? '') && buffer.byteLength <= MAX_TEXT_BYTES
        ? { text: buffer.toString('utf8') }
        : {}),
      credits: Number(raw['spb-cost'] ?? 0) || 0,
    };
  }

  async close(): Promise<void> {}
}

/** The API's own errors, mapped to what the crawl should do about them. */
function apiError(status: number, text: string, retryAfter: string | undefined): Error {
  const message = providerErrorMessage(text);
  if (status === 401) return new CriticalCrawlError(`ScrapingBee rejected the API key (401): ${message}`);
  if (status === 403) return new CriticalCrawlError(`ScrapingBee refused the request (403): ${message}`);
  if (status === 429)
    return new RetryableFetchError(
      `ScrapingBee: too many concurrent requests (429): ${message}`,
      parseRetryAfter(retryAfter) ?? 2000,
    );
  if (status >= 500) return new RetryableFetchError(`ScrapingBee could not fetch the page (${status}): ${message}`);
  return new PageFetchError(`ScrapingBee answered ${status}: ${message}`);
}
