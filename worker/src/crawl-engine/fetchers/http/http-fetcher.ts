import { classifyNetworkError, type HttpClient } from './http-client';
import type { Fetcher, FetchedPage, FetchHooks, InTurn } from '../fetcher';
import { HttpScriptBanners } from './script-banners';
import { digestBody, type PageReading } from '../../page-reading/page-body';

/**
 * Direct HTTP (undici, keep-alive, SSRF-guarded): the body streams in, capped, and the crawl's page reader
 * hashes and parses it. It runs no script, so it reads the first bytes of each script a page loads instead
 * (once per crawl), where libraries announce their version.
 */
export class HttpFetcher implements Fetcher {
  readonly method = 'http' as const;
  private readonly banners: HttpScriptBanners;

  constructor(
    private readonly client: HttpClient,
    private readonly reading: PageReading = {},
    banners?: HttpScriptBanners,
  ) {
    this.banners = banners ?? new HttpScriptBanners(client);
  }

  async fetch(url: string, signal: AbortSignal, hooks?: FetchHooks): Promise<FetchedPage> {
    const started = performance.now();
    const response = await this.client.open(url, signal, { hooks });
    const contentType = response.headers['content-type'] ?? null;
    const common = {
      requestedUrl: url,
      finalUrl: response.finalUrl,
      statusCode: response.statusCode,
      headers: response.headers,
      setCookies: response.setCookies,
      contentType,
      redirectChain: response.redirectChain,
    };
    if (response.redirectStoppedAt) {
      response.body.destroy();
      const responseTimeMs = performance.now() - started;
      return { ...common, responseTimeMs, body: null, document: null, redirectStoppedAt: response.redirectStoppedAt };
    }
    let digest: Awaited<ReturnType<typeof digestBody>>;
    try {
      digest = await digestBody(
        networkChunks(response.body as AsyncIterable<Buffer>, signal),
        contentType,
        response.finalUrl,
        this.reading,
      );
    } finally {
      response.body.destroy();
    }
    return { ...common, responseTimeMs: performance.now() - started, body: digest.body, document: digest.document };
  }

  /** The page's scripts' banners, kept in its document facts like the rest of what its HTML led to. */
  async readSubresources(page: FetchedPage, inTurn: InTurn, signal: AbortSignal): Promise<void> {
    const facts = page.document?.facts;
    if (!facts?.scripts?.length || page.statusCode < 200 || page.statusCode >= 300) return;
    const banners = await this.banners.read(facts.scripts, inTurn, signal);
    if (banners.length) facts.scriptBanners = banners;
  }

  async close(): Promise<void> {
    // The keep-alive agent is shared by every crawl of this worker.
  }
}

/** The body's chunks, its stream errors told as network errors; an error of the parser reading them stays what it is. */
async function* networkChunks(body: AsyncIterable<Buffer>, signal: AbortSignal): AsyncIterable<Buffer> {
  try {
    for await (const chunk of body) yield chunk;
  } catch (error) {
    throw classifyNetworkError(error, signal, false);
  }
}
