import { findSsrfRefusal, readCapped } from '@vendorwatch/runtime';
import { STATUS_CODES } from 'node:http';
import { errors as undiciErrors, request, type Dispatcher } from 'undici';
import { CrawlAbortedError, abortReasonOf } from '../../primitives/abort';
import { absoluteHttpUrl } from '../../urls/canonical-url';
import { PageFetchError, RetryableFetchError } from '../../primitives/errors';
import type { FetchHooks } from '../fetcher';

export const USER_AGENT = 'Mozilla/5.0 (compatible; VendorwatchBot/1.0; +https://github.com/vendorwatch)';
/** The product token robots.txt groups are matched against. */
export const ROBOTS_AGENT = 'VendorwatchBot';
const MAX_REDIRECTS = 10;
const TIMEOUT_MS = 30_000;

/** Fetches a small text resource; the crawler passes one that waits its turn at the host gate. */
export type TextGetter = (url: string, signal: AbortSignal) => Promise<{ status: number; text: string } | null>;

export interface OpenedResponse {
  finalUrl: string;
  statusCode: number;
  headers: Record<string, string>;
  /** Raw Set-Cookie values of the final response, one per cookie. */
  setCookies: string[];
  redirectChain: string[];
  /** The redirect target not followed because `beforeRedirect` said stop. */
  redirectStoppedAt?: string;
  body: Dispatcher.ResponseData['body'];
}

export interface OpenOptions {
  accept?: string;
  hooks?: FetchHooks;
  /** A Range header's value (`bytes=0-4095`): the server may send just those bytes (206) or all of them (200). */
  range?: string;
}

/**
 * Direct HTTP through the SSRF-guarded undici Agent. Redirects are followed here, by hand, so every
 * hop is a new request whose connection the guard checks again.
 */
export class HttpClient {
  constructor(private readonly dispatcher: Dispatcher) {}

  async open(
    url: string,
    signal: AbortSignal,
    { accept = HTML_ACCEPT, hooks, range }: OpenOptions = {},
  ): Promise<OpenedResponse> {
    const chain: string[] = [];
    let current = url;
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const combined = AbortSignal.any([signal, timeout]);
    for (;;) {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(current, {
          dispatcher: this.dispatcher,
          method: 'GET',
          headers: { 'user-agent': USER_AGENT, accept, 'accept-language': 'en', ...(range && { range }) },
          signal: combined,
          headersTimeout: TIMEOUT_MS,
          bodyTimeout: TIMEOUT_MS,
        });
      } catch (error) {
        throw classifyNetworkError(error, signal, timeout.aborted);
      }
      const headers = flattenHeaders(response.headers);
      const setCookies = setCookiesOf(response.headers);
      const location = headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump().catch(() => undefined);
        const next = absoluteHttpUrl(location, current);
        if (!next) throw new PageFetchError(`Redirect to an unsupported location: ${location}`);
        chain.push(current);
        if (chain.length > MAX_REDIRECTS) throw new PageFetchError(`More than ${MAX_REDIRECTS} redirects`);
        if (hooks && (await hooks.beforeRedirect(next, { url: current, statusCode: response.statusCode })) === 'stop') {
          chain.pop();
          const { statusCode, body } = response;
          return { finalUrl: current, statusCode, headers, setCookies, redirectChain: chain, redirectStoppedAt: next, body };
        }
        current = next;
        continue;
      }
      return {
        finalUrl: current,
        statusCode: response.statusCode,
        headers,
        setCookies,
        redirectChain: chain,
        body: response.body,
      };
    }
  }

  /** A small text resource (robots.txt, sitemap, security.txt) or null when it is not there. */
  async getText(
    url: string,
    signal: AbortSignal,
    hooks?: FetchHooks,
    maxBytes = 5 * 1024 * 1024,
  ): Promise<{ status: number; text: string } | null> {
    const response = await this.open(url, signal, { accept: TEXT_ACCEPT, hooks });
    try {
      const { buffer } = await readCapped(response.body, maxBytes, { truncate: true });
      return { status: response.statusCode, text: buffer.toString('utf8') };
    } finally {
      response.body.destroy();
    }
  }

  /**
   * The first `bytes` of a resource (a script's banner): asked for with a Range request, and the body cut
   * there whatever the server sends. Through the same guarded dispatcher as every page.
   */
  async getStart(
    url: string,
    signal: AbortSignal,
    hooks: FetchHooks | undefined,
    bytes: number,
  ): Promise<{ status: number; text: string }> {
    const response = await this.open(url, signal, { accept: '*/*', hooks, range: `bytes=0-${bytes - 1}` });
    try {
      const { buffer } = await readCapped(response.body, bytes, { truncate: true });
      return { status: response.statusCode, text: buffer.toString('utf8') };
    } finally {
      response.body.destroy();
    }
  }
}

const HTML_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
const TEXT_ACCEPT = 'text/plain,application/xml,text/xml,*/*;q=0.5';

/** Set-Cookie as its separate values: joined with ", " they could not be told apart (cookie dates have commas). */
function setCookiesOf(headers: Record<string, string | string[] | undefined>): string[] {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && name.toLowerCase() !== 'set-cookie')
      flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

/** Network failures: refused by the guard or a name that does not resolve → recorded; the rest → retried. */
export function classifyNetworkError(error: unknown, signal: AbortSignal, timedOut: boolean): Error {
  const reason = abortReasonOf(signal);
  if (reason) return new CrawlAbortedError(reason);
  const refusal = findSsrfRefusal(error);
  if (refusal) return new PageFetchError(refusal.message);
  if (timedOut || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new RetryableFetchError(`Timed out after ${TIMEOUT_MS / 1000} s`);
  }
  const code = codeOf(error);
  if (code === 'ENOTFOUND' || code === 'EAI_NONAME') return new PageFetchError(`Host not found (${code})`);
  return new RetryableFetchError(`Network error: ${code ?? (error as Error).message}`);
}

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const statusText = (status: number) => STATUS_CODES[status] ?? 'Unknown';
