import { classifyNetworkError, type HttpClient } from './http-client';
import type { Fetcher, FetchedPage, FetchHooks } from '../fetcher';
import { digestBody, type PageReading } from '../../page-reading/page-body';

/** Direct HTTP (undici, keep-alive, SSRF-guarded): the body streams in, capped, and the crawl's page reader hashes and parses it. */
export class HttpFetcher implements Fetcher {
  readonly method = 'http' as const;

  constructor(
    private readonly client: HttpClient,
    private readonly reading: PageReading = {},
  ) {}

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
