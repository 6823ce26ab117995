import { classifyNetworkError, type HttpClient } from '../../http-client';
import type { Fetcher, FetchedPage } from '../../fetcher';
import { digestBody } from '../../page-body';

/** Direct HTTP (undici, keep-alive, SSRF-guarded): the body streams through the hash and the HTML parser. */
export class HttpFetcher implements Fetcher {
  readonly method = 'http' as const;

  constructor(private readonly client: HttpClient) {}

  async fetch(url: string, signal: AbortSignal): Promise<FetchedPage> {
    const started = performance.now();
    const response = await this.client.open(url, signal);
    const contentType = response.headers['content-type'] ?? null;
    let digest: Awaited<ReturnType<typeof digestBody>>;
    try {
      digest = await digestBody(response.body as AsyncIterable<Buffer>, contentType, response.finalUrl);
    } catch (error) {
      throw classifyNetworkError(error, signal, false);
    } finally {
      response.body.destroy();
    }
    return {
      requestedUrl: url,
      finalUrl: response.finalUrl,
      statusCode: response.statusCode,
      headers: response.headers,
      contentType,
      redirectChain: response.redirectChain,
      responseTimeMs: performance.now() - started,
      body: digest.body,
      document: digest.document,
    };
  }

  async close(): Promise<void> {
    // The keep-alive agent is shared by every crawl of this worker.
  }
}
