import type { CrawlMethod } from '@vendorwatch/contracts';
import type { Clock } from '../loop/clock';
import { absoluteHttpUrl } from '../urls/canonical-url';
import type { Fetcher, FetchedPage, FetchHooks } from '../fetchers/fetcher';
import { digestBuffer } from '../page-reading/page-body';

/** One answer of the fake site. `error` throws it instead of answering (a network failure, a bug …). */
export interface FakeAnswer {
  status?: number;
  headers?: Record<string, string>;
  html?: string;
  /** A redirect's target (with a 3xx status, 301 by default). */
  location?: string;
  error?: unknown;
  /** Virtual time the answer takes. */
  latencyMs?: number;
}

/** A URL's answers: one for every request, or one per request in turn (the last one repeats). */
export type FakeRoute = FakeAnswer | FakeAnswer[];

export interface FakeRequest {
  url: string;
  host: string;
  startedAt: number;
  finishedAt: number;
}

/**
 * A website in memory for the fast crawl-engine tests, on virtual time: it answers pages,
 * redirects, errors and robots.txt as routed, logs every request with its start and end, and hands
 * out fetchers that follow redirects the way each method does — asking the engine before each hop
 * (http, Chromium) or following them unseen (a scraping API).
 */
export class FakeSite {
  readonly requests: FakeRequest[] = [];
  private readonly served = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly routes: Record<string, FakeRoute>,
  ) {}

  requestsFor(url: string): FakeRequest[] {
    return this.requests.filter((request) => request.url === url);
  }

  /** robots.txt and sitemaps, as the engine's text getter reads them. */
  readonly http = {
    getText: async (url: string, signal: AbortSignal, hooks?: FetchHooks) => {
      let current = url;
      for (let hops = 0; hops < 10; hops++) {
        const answer = await this.answer(current, signal);
        if (answer.location) {
          const next = absoluteHttpUrl(answer.location, current)!;
          if (hooks) await hooks.beforeRedirect(next, { url: current, statusCode: answer.status ?? 301 });
          current = next;
          continue;
        }
        return { status: answer.status ?? 200, text: answer.html ?? '' };
      }
      throw new Error('redirect loop');
    },
  };

  fetcher(method: CrawlMethod = 'http'): Fetcher {
    const seesHops = method !== 'api';
    return {
      method,
      fetch: (url, signal, hooks) => this.fetch(url, signal, seesHops ? hooks : undefined),
      close: async () => undefined,
    };
  }

  private async fetch(url: string, signal: AbortSignal, hooks: FetchHooks | undefined): Promise<FetchedPage> {
    const chain: string[] = [];
    let current = url;
    for (;;) {
      const answer = await this.answer(current, signal);
      if (answer.error !== undefined) throw answer.error;
      const status = answer.status ?? (answer.location ? 301 : 200);
      const headers = { 'content-type': 'text/html; charset=utf-8', ...answer.headers };
      if (answer.location) {
        const next = absoluteHttpUrl(answer.location, current)!;
        if (hooks && (await hooks.beforeRedirect(next, { url: current, statusCode: status })) === 'stop') {
          return this.page(url, current, status, headers, chain, null, next);
        }
        chain.push(current);
        current = next;
        continue;
      }
      return this.page(url, current, status, headers, chain, answer.html ?? '');
    }
  }

  private async page(
    requestedUrl: string,
    finalUrl: string,
    statusCode: number,
    headers: Record<string, string>,
    redirectChain: string[],
    html: string | null,
    redirectStoppedAt?: string,
  ): Promise<FetchedPage> {
    const digest = html === null ? null : await digestBuffer(html, headers['content-type']!, finalUrl);
    return {
      requestedUrl,
      finalUrl,
      statusCode,
      headers,
      setCookies: [],
      contentType: headers['content-type']!,
      redirectChain,
      responseTimeMs: 1,
      body: digest?.body ?? null,
      document: digest?.document ?? null,
      ...(redirectStoppedAt ? { redirectStoppedAt } : {}),
    };
  }

  private async answer(url: string, signal: AbortSignal): Promise<FakeAnswer> {
    const startedAt = this.clock.now();
    const route = this.routes[url];
    const count = this.served.get(url) ?? 0;
    this.served.set(url, count + 1);
    const answer: FakeAnswer = Array.isArray(route)
      ? route[Math.min(count, route.length - 1)]!
      : (route ?? { status: 404, html: '<title>Not found</title>' });
    if (answer.latencyMs) await this.clock.sleep(answer.latencyMs, signal);
    this.requests.push({ url, host: new URL(url).host, startedAt, finishedAt: this.clock.now() });
    return answer;
  }
}

/** A small HTML page with a title and links. */
export const htmlPage = (title: string, ...links: string[]) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</body></html>`;
