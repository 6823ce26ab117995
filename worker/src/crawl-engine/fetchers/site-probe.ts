import type { HttpEntryFacts, SecurityTxtFacts, SiteFacts } from '@vendorwatch/compliance';
import type { AddressGuard } from '@vendorwatch/runtime';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { CrawlAbortedError } from '../primitives/abort';
import { errorMessage } from '../primitives/errors';
import type { Fetcher, FetchHooks } from './fetcher';
import type { HttpClient } from './http/http-client';

/** Runs a request to the site in its host's turn (the crawl's politeness), following hops politely. */
export type AtSite = <T>(url: string, work: (hooks: FetchHooks) => Promise<T>) => Promise<T>;

const TLS_TIMEOUT_MS = 10_000;
const MAX_SECURITY_TXT = 32 * 1024;

/**
 * Facts read once per crawl about the start host, each one polite request: where `http://host/` leads
 * (hop by hop) and its `/.well-known/security.txt`. A fact that could not be read is null or carries
 * its error; the compliance checks say what that means. Its certificate is not read here: the
 * posture's TLS probe reads it once, with every other HTTPS origin the crawl met.
 */
export interface SiteProbe {
  /** The facts, and the scraping-API credits reading them cost. */
  read(startUrl: string, atSite: AtSite, signal: AbortSignal, now: () => number): Promise<{ facts: SiteFacts; credits: number }>;
  /**
   * For an https start URL whose host does not speak TLS at all (nothing listens on its HTTPS port, or
   * plain HTTP answers there) but answers over plain HTTP: that http:// URL, to crawl instead. null
   * otherwise — a host that speaks TLS is crawled over HTTPS whatever its certificate.
   */
  plainHttpStart?(startUrl: string, atSite: AtSite, signal: AbortSignal): Promise<string | null>;
}

/**
 * A handshake failure that means "no TLS here": a refused connection, or a plain-HTTP answer read as
 * TLS (OpenSSL's "wrong version number", "packet length too long"). Never a certificate refusal (the
 * handshake does not enforce the certificate) nor a TLS alert (a server that speaks TLS, badly).
 */
const NO_TLS = /ECONNREFUSED|wrong version number|packet length too long|http request/i;

/** The http and puppeteer methods: the worker talks to the site itself, through the SSRF guard. */
export class DirectSiteProbe implements SiteProbe {
  constructor(
    private readonly http: HttpClient,
    private readonly guard: AddressGuard,
  ) {}

  async read(startUrl: string, atSite: AtSite, signal: AbortSignal, now: () => number) {
    const { httpOrigin, siteOrigin } = originsOf(startUrl);
    const httpEntry = httpOrigin ? await this.httpEntry(`${httpOrigin}/`, atSite, signal) : null;
    const securityTxt = await this.securityTxt(siteOrigin, atSite, signal, now);
    return { facts: { httpEntry, securityTxt }, credits: 0 };
  }

  async plainHttpStart(startUrl: string, atSite: AtSite, signal: AbortSignal): Promise<string | null> {
    const url = new URL(startUrl);
    if (url.protocol !== 'https:') return null;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const failure = await atSite(url.href, () => this.handshakeFailure(host, portOf(url.origin), signal));
    if (failure === null || !NO_TLS.test(failure)) return null;
    // The same host and port (or the default one) over plain HTTP: crawled there only if it answers.
    url.protocol = 'http:';
    try {
      const response = await atSite(url.href, (hooks) => this.http.open(url.href, signal, { hooks }));
      await response.body.dump().catch(() => undefined);
      return url.href;
    } catch (error) {
      if (error instanceof CrawlAbortedError) throw error;
      return null;
    }
  }

  /** Why no TLS handshake could be made with the host (null when one was, whatever its certificate). */
  private handshakeFailure(host: string, port: number, signal: AbortSignal): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const socket = tls.connect({
        host,
        port,
        servername: isIP(host) ? undefined : host,
        lookup: this.guard.lookup,
        rejectUnauthorized: false,
        timeout: TLS_TIMEOUT_MS,
      });
      const done = (failure: string | null) => {
        signal.removeEventListener('abort', onAbort);
        socket.destroy();
        resolve(failure);
      };
      const onAbort = () => {
        socket.destroy();
        reject(new CrawlAbortedError('cancel'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('secureConnect', () => done(null));
      socket.once('timeout', () => done('timeout'));
      socket.once('error', (error: Error & { code?: string }) => done(`${error.code ?? ''} ${error.message}`));
    });
  }

  private async httpEntry(url: string, atSite: AtSite, signal: AbortSignal): Promise<HttpEntryFacts> {
    const hops: HttpEntryFacts['hops'] = [];
    try {
      const response = await atSite(url, (hooks) =>
        this.http.open(url, signal, {
          hooks: {
            beforeRedirect: async (to, hop) => {
              hops.push({ url: hop.url, statusCode: hop.statusCode, location: to });
              return hooks.beforeRedirect(to, hop);
            },
          },
        }),
      );
      await response.body.dump().catch(() => undefined);
      hops.push({ url: response.finalUrl, statusCode: response.statusCode, location: null });
      return { requestedUrl: url, hops, finalUrl: response.finalUrl, error: null };
    } catch (error) {
      if (error instanceof CrawlAbortedError) throw error;
      return { requestedUrl: url, hops, finalUrl: null, error: errorMessage(error) };
    }
  }

  private async securityTxt(origin: string, atSite: AtSite, signal: AbortSignal, now: () => number): Promise<SecurityTxtFacts> {
    const url = `${origin}/.well-known/security.txt`;
    const checkedAt = new Date(now()).toISOString();
    try {
      const response = await atSite(url, (hooks) => this.http.open(url, signal, { accept: 'text/plain', hooks }));
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > MAX_SECURITY_TXT) break;
        chunks.push(chunk);
      }
      response.body.destroy();
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return {
        url,
        statusCode: response.statusCode,
        contentType: response.headers['content-type'] ?? null,
        body: ok ? Buffer.concat(chunks).toString('utf8') : null,
        error: null,
        checkedAt,
      };
    } catch (error) {
      if (error instanceof CrawlAbortedError) throw error;
      return { url, statusCode: null, contentType: null, body: null, error: errorMessage(error), checkedAt };
    }
  }
}

/**
 * The api method: the scraping API fetches for us (each probe costs a credit, like a page). It
 * follows redirects itself, so the http:// entry records only where it ended.
 */
export class FetcherSiteProbe implements SiteProbe {
  private credits = 0;

  constructor(private readonly fetcher: Fetcher) {}

  async read(startUrl: string, atSite: AtSite, signal: AbortSignal, now: () => number) {
    this.credits = 0;
    const { httpOrigin, siteOrigin } = originsOf(startUrl);
    const httpEntry = httpOrigin ? await this.httpEntry(`${httpOrigin}/`, atSite, signal) : null;
    const securityTxt = await this.securityTxt(siteOrigin, atSite, signal, now);
    return { facts: { httpEntry, securityTxt }, credits: this.credits };
  }

  private async fetch(url: string, atSite: AtSite, signal: AbortSignal) {
    const page = await atSite(url, () => this.fetcher.fetch(url, signal));
    this.credits += page.credits ?? 0;
    return page;
  }

  private async httpEntry(url: string, atSite: AtSite, signal: AbortSignal): Promise<HttpEntryFacts> {
    try {
      const page = await this.fetch(url, atSite, signal);
      // The API reports the hops' URLs, not their statuses: each one before the last was a redirect.
      const hops = [...page.redirectChain, page.finalUrl].map((hop, i, all) => ({
        url: hop,
        statusCode: i < all.length - 1 ? 301 : page.statusCode,
        location: all[i + 1] ?? null,
      }));
      return { requestedUrl: url, hops, finalUrl: page.finalUrl, error: null };
    } catch (error) {
      if (error instanceof CrawlAbortedError) throw error;
      return { requestedUrl: url, hops: [], finalUrl: null, error: errorMessage(error) };
    }
  }

  private async securityTxt(origin: string, atSite: AtSite, signal: AbortSignal, now: () => number): Promise<SecurityTxtFacts> {
    const url = `${origin}/.well-known/security.txt`;
    const checkedAt = new Date(now()).toISOString();
    try {
      const page = await this.fetch(url, atSite, signal);
      const ok = page.statusCode >= 200 && page.statusCode < 300;
      return {
        url,
        statusCode: page.statusCode,
        contentType: page.contentType,
        body: ok ? (page.text ?? null) : null,
        error: null,
        checkedAt,
      };
    } catch (error) {
      if (error instanceof CrawlAbortedError) throw error;
      return { url, statusCode: null, contentType: null, body: null, error: errorMessage(error), checkedAt };
    }
  }
}

/**
 * Where to look: the start URL's own origin for security.txt and `http://host` for the plain-HTTP entry — none when the start URL is itself plain HTTP: its own
 * fetch (and redirect chain) says where plain HTTP leads, and a crawl asks for no URL twice.
 */
function originsOf(startUrl: string): { httpOrigin: string | null; siteOrigin: string } {
  const url = new URL(startUrl);
  const https = url.protocol === 'https:';
  return {
    httpOrigin: https ? `http://${url.hostname}` : null,
    siteOrigin: url.origin,
  };
}

function portOf(origin: string): number {
  const { port } = new URL(origin);
  return port ? Number(port) : 443;
}
