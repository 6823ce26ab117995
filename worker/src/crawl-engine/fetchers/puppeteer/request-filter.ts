import { type AddressGuard, findSsrfRefusal } from '@vendorwatch/runtime';
import type { HTTPRequest, Page } from 'puppeteer';
import type { FetchHooks } from '../fetcher';
import type { RequestLog } from './browser-facts';

/** A redirect of the main document that was not followed: the crawl has its target already. */
export interface StoppedRedirect {
  /** The URL that answered with the redirect, and the URLs that redirected before it. */
  from: string;
  chain: string[];
  to: string;
  statusCode: number;
  headers: Record<string, string>;
}

const BLOCKABLE = new Set(['image', 'font', 'media']);
const MAX_LOGGED_REQUESTS = 500;
const CHECK_TTL_MS = 30_000;

/**
 * Request interception, the second layer behind the FilteringProxy: refuses forbidden hosts
 * before Chromium even asks the proxy (and remembers why, for the page record), drops prefetches,
 * blocks images/fonts/media when no screenshot needs them, and holds each redirect hop of the page
 * being fetched until the crawl says it may go (its host's turn) — or stops it. Favicon fetches are
 * dropped for every tab by the browser's own session (BrowserPool), which a closing tab cannot outrun.
 */
export class RequestFilter {
  readonly refusals = new Map<string, string>();
  private readonly checks = new Map<string, { at: number; refusal: string | null }>();
  private page: Page | null = null;
  blockResources = false;
  /** The hooks of the fetch under way, if any. */
  hooks: FetchHooks | null = null;
  /** Set when the fetch under way stopped at a redirect. */
  stopped: StoppedRedirect | null = null;
  /** Every request the page under way made (blocked ones too: the page asked for them). */
  readonly requests: RequestLog[] = [];

  constructor(private readonly guard: AddressGuard) {}

  async attach(page: Page): Promise<void> {
    this.page = page;
    await page.setRequestInterception(true);
    page.on('request', (request) => void this.decide(request));
  }

  /** Starts a fetch: its hooks, and no refusal or stop left from the previous one. */
  begin(hooks: FetchHooks | null): void {
    this.refusals.clear();
    this.requests.length = 0;
    this.hooks = hooks;
    this.stopped = null;
  }

  private async decide(request: HTTPRequest): Promise<void> {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (this.requests.length < MAX_LOGGED_REQUESTS) this.requests.push({ url, resourceType: request.resourceType() });
    if (url.startsWith('data:') || url.startsWith('blob:')) return void request.continue().catch(() => undefined);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return void request.abort('blockedbyclient').catch(() => undefined);
    }
    const navigation = request.isNavigationRequest();
    const refuse = !['http:', 'https:'].includes(parsed.protocol)
      ? `${parsed.protocol} URLs are not crawled`
      : await this.refusalFor(parsed.hostname);
    if (refuse) {
      this.refusals.set(url, refuse);
      return void request.abort('addressunreachable').catch(() => undefined);
    }
    if (!navigation && (isPrefetch(request) || (this.blockResources && BLOCKABLE.has(request.resourceType())))) {
      return void request.abort('blockedbyclient').catch(() => undefined);
    }
    if (navigation && (await this.redirectStopped(request))) return void request.abort('aborted').catch(() => undefined);
    await request.continue().catch(() => undefined);
  }

  /** A redirect hop of the main document waits for the crawl's word; true when it must not be followed. */
  private async redirectStopped(request: HTTPRequest): Promise<boolean> {
    const hooks = this.hooks;
    const chain = request.redirectChain();
    if (!hooks || chain.length === 0 || request.frame() !== this.page?.mainFrame()) return false;
    const last = chain[chain.length - 1]!;
    let decision: 'follow' | 'stop';
    try {
      decision = await hooks.beforeRedirect(request.url(), { url: last.url(), statusCode: last.response()?.status() ?? 302 });
    } catch {
      // Cancelled while waiting for the host: the fetch itself reports the abort.
      return true;
    }
    if (decision === 'follow') return false;
    this.stopped = {
      from: last.url(),
      chain: chain.slice(0, -1).map((hop) => hop.url()),
      to: request.url(),
      statusCode: last.response()?.status() ?? 302,
      headers: last.response()?.headers() ?? {},
    };
    return true;
  }

  private async refusalFor(host: string): Promise<string | null> {
    const cached = this.checks.get(host);
    if (cached && Date.now() - cached.at < CHECK_TTL_MS) return cached.refusal;
    let refusal: string | null = null;
    try {
      await this.guard.check(host.replace(/^\[|\]$/g, ''));
    } catch (error) {
      // DNS failures are left to Chromium, which reports them as such.
      refusal = findSsrfRefusal(error)?.message ?? null;
    }
    this.checks.set(host, { at: Date.now(), refusal });
    return refusal;
  }
}

/**
 * A `<link rel=prefetch>` (Chromium reports it as "other", with a Sec-Purpose header): a page the
 * crawl did not ask for, fetched outside its host's turn, that never changes the page being read.
 */
function isPrefetch(request: HTTPRequest): boolean {
  if (request.resourceType() === 'prefetch') return true;
  const headers = request.headers();
  return /prefetch/i.test(headers['sec-purpose'] ?? headers.purpose ?? '');
}
