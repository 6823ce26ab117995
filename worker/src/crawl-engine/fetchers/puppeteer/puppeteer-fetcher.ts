import { type AddressGuard, findSsrfRefusal } from '@vendorwatch/runtime';
import type { CrawlRunSettings } from '@vendorwatch/contracts';
import type { HTTPRequest, HTTPResponse, Page } from 'puppeteer';
import { REFUSED_HEADER } from '../../../network/filtering-proxy';
import { CrawlAbortedError, raceAbort, sleep } from '../../primitives/abort';
import { PageFetchError, RetryableFetchError, errorMessage } from '../../primitives/errors';
import type { Fetcher, FetchedPage, FetchHooks } from '../fetcher';
import { digestBuffer, isHtml, type PageReading } from '../../page-reading/page-body';
import type { BrowserPool, BrowserSession } from './browser-pool';
import { AxeSampler } from './axe-sampler';
import { readBrowserFacts } from './browser-facts';
import { behaveLikeAHuman } from './human-behaviour';
import { RequestFilter, type StoppedRedirect } from './request-filter';
import { ScriptBanners } from './script-banners';

const NAVIGATION_TIMEOUT_MS = 30_000;
/**
 * A crawl's tab is replaced (same context, cookies kept, HTTP cache emptied) after this many pages:
 * a renderer that has shown many pages keeps their caches and whatever a site's scripts leaked, so
 * a long crawl would grow it for hundreds of pages, and the context's in-memory HTTP cache would keep
 * every page.
 */
export const PAGES_PER_TAB = 20;
/** Chromium errors that say the page does not exist rather than "try again". */
const PERMANENT_NET_ERRORS =
  /ERR_NAME_NOT_RESOLVED|ERR_INVALID_URL|ERR_UNSAFE_PORT|ERR_BLOCKED_BY_CLIENT|ERR_ADDRESS_UNREACHABLE/;

/**
 * Headless Chromium: one page per crawl, reused from URL to URL. Honours waitTime (ms after load),
 * simulateHumanBehavior, takeScreenshots (PNG) and useProxy (chosen when the session opens).
 */
export class PuppeteerFetcher implements Fetcher {
  readonly method = 'puppeteer' as const;
  private session: BrowserSession | null = null;
  private filter: RequestFilter | null = null;
  private banners: ScriptBanners | null = null;
  /** Scripts whose first bytes this crawl has kept (on the first page that loaded each), across its tabs. */
  private readonly bannersKept = new Set<string>();
  private pagesOnTab = 0;
  private readonly axe = new AxeSampler();

  constructor(
    private readonly pool: BrowserPool,
    private readonly guard: AddressGuard,
    private readonly settings: CrawlRunSettings,
    private readonly reading: PageReading = {},
  ) {}

  /** Whether axe-core would still check a page of this template (see AxeSampler.wants). */
  wantsAccessibility(template: string | null): boolean {
    return this.axe.wants(template);
  }

  /**
   * `template`: the page's template as the caller read it from the HTML served (the adaptive method), which
   * axe-core's sampling then groups by instead of the template it reads in the page.
   */
  async fetch(url: string, signal: AbortSignal, hooks?: FetchHooks, template?: string | null): Promise<FetchedPage> {
    await this.checkTarget(url);
    const { page } = await this.openSession();
    const filter = this.filter!;
    filter.begin(hooks ?? null);
    this.banners!.begin();
    const started = performance.now();
    let response: HTTPResponse | null;
    const cutOff = answerCutOff(page);
    try {
      const navigation = page.goto(url, { waitUntil: 'load', timeout: NAVIGATION_TIMEOUT_MS });
      navigation.catch(() => undefined);
      response = await raceAbort(Promise.race([navigation, cutOff.failed]), signal);
    } catch (error) {
      if (error instanceof CrawlAbortedError || error instanceof AnswerCutOffError) {
        // Stops what the tab was still loading, so the crawl's next page starts on a blank one.
        await page.goto('about:blank').catch(() => undefined);
        throw error;
      }
      if (filter.stopped) return stoppedAtRedirect(url, filter.stopped, performance.now() - started);
      throw this.navigationError(error, filter);
    } finally {
      filter.hooks = null;
      cutOff.dispose();
    }
    const loadedMs = performance.now() - started;
    if (!response) throw new PageFetchError('Chromium returned no response for the page');
    const { headers, setCookies } = splitSetCookies(response.headers());
    if (headers[REFUSED_HEADER]) throw new PageFetchError(headers[REFUSED_HEADER]);

    const contentType = headers['content-type'] ?? null;
    const html = isHtml(contentType);
    if (this.settings.waitTime > 0) await sleep(this.settings.waitTime, signal);
    if (html && this.settings.simulateHumanBehavior) await raceAbort(behaveLikeAHuman(page, signal), signal);

    const finalUrl = page.url() === 'about:blank' ? response.url() : page.url();
    const browser = html
      ? await raceAbort(readBrowserFacts(page, [...filter.requests], this.axe, this.banners!, template), signal)
      : null;
    // The document as served (for the hash); the DOM as rendered (for the facts scripts may add).
    const served = await response.buffer().catch(() => null);
    const rendered = html ? await raceAbort(page.content(), signal) : null;
    const facts = rendered !== null ? await digestBuffer(rendered, contentType, finalUrl, this.reading) : null;
    const bodyDigest = served ? (await digestBuffer(served, 'application/octet-stream', finalUrl)).body : (facts?.body ?? null);
    const screenshot =
      html && this.settings.takeScreenshots ? Buffer.from(await raceAbort(page.screenshot({ type: 'png' }), signal)) : null;

    return {
      requestedUrl: url,
      finalUrl,
      statusCode: response.status(),
      headers,
      setCookies,
      contentType,
      redirectChain: response
        .request()
        .redirectChain()
        .map((request) => request.url()),
      responseTimeMs: loadedMs,
      body: bodyDigest,
      document: facts?.document ?? null,
      browser,
      screenshot,
    };
  }

  async close(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.context.close().catch(() => undefined);
  }

  /** The start of each fetch: a refused target is reported with the guard's reason, not Chromium's. */
  private async checkTarget(url: string): Promise<void> {
    try {
      await this.guard.check(new URL(url).hostname.replace(/^\[|\]$/g, ''));
    } catch (error) {
      const refusal = findSsrfRefusal(error);
      if (refusal) throw new PageFetchError(refusal.message);
      // Unresolvable names are Chromium's to report.
    }
  }

  /** A crashed browser or closed page is replaced on the next fetch; a well-used tab by a fresh one. */
  private async openSession(): Promise<BrowserSession> {
    const { useProxy, takeScreenshots, simulateHumanBehavior } = this.settings;
    const painted = takeScreenshots || simulateHumanBehavior;
    const alive = this.session && !this.session.page.isClosed() && this.session.context.browser().connected;
    if (alive && this.pagesOnTab < PAGES_PER_TAB) {
      this.pagesOnTab++;
      return this.session!;
    }
    if (alive) {
      this.session = await this.pool.renewPage(this.session!, painted);
    } else {
      await this.close();
      this.session = await this.pool.openSession({ useProxy, painted });
    }
    this.filter = new RequestFilter(this.guard);
    this.filter.blockResources = !takeScreenshots;
    await this.filter.attach(this.session.page);
    this.banners = new ScriptBanners(this.bannersKept);
    this.banners.attach(this.session.page);
    this.pagesOnTab = 1;
    return this.session;
  }

  private navigationError(error: unknown, filter: RequestFilter): Error {
    const refusal = [...filter.refusals.values()][0];
    if (refusal) return new PageFetchError(refusal);
    const message = errorMessage(error);
    if (/Target closed|Session closed|detached|Protocol error|Connection closed/i.test(message)) {
      this.session = null;
      return new RetryableFetchError(`Chromium lost the page: ${message}`);
    }
    if (/ERR_TUNNEL_CONNECTION_FAILED/.test(message)) return new RetryableFetchError(`Could not connect: ${message}`);
    if (PERMANENT_NET_ERRORS.test(message)) return new PageFetchError(message);
    return new RetryableFetchError(message);
  }
}

/** Retried as any network failure; its own class so the fetcher knows to stop the tab's loading first. */
class AnswerCutOffError extends RetryableFetchError {}

/**
 * Fails when the page's own answer breaks off after its headers (a connection reset, a Content-Length never
 * reached, chunks that stop): Chromium would wait for a load that never comes until the navigation times
 * out, or render the part it got as if it were the page. Failures before an answer are goto's to report.
 */
function answerCutOff(page: Page): { failed: Promise<never>; dispose(): void } {
  let onFailed!: (request: HTTPRequest) => void;
  const failed = new Promise<never>((_, reject) => {
    onFailed = (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.response())
        reject(new AnswerCutOffError(`The page's answer was cut off: ${request.failure()?.errorText ?? 'unknown error'}`));
    };
  });
  failed.catch(() => undefined);
  page.on('requestfailed', onFailed);
  return { failed, dispose: () => void page.off('requestfailed', onFailed) };
}

/** Chromium reports repeated Set-Cookie headers as one value with a cookie per line. */
function splitSetCookies(all: Record<string, string>): { headers: Record<string, string>; setCookies: string[] } {
  const { 'set-cookie': joined, ...headers } = all;
  return { headers, setCookies: joined ? joined.split('\n').filter(Boolean) : [] };
}

/** The answer of a fetch that stopped at a redirect the crawl did not follow: the redirect itself. */
function stoppedAtRedirect(url: string, stop: StoppedRedirect, responseTimeMs: number): FetchedPage {
  const { headers, setCookies } = splitSetCookies(stop.headers);
  return {
    requestedUrl: url,
    finalUrl: stop.from,
    statusCode: stop.statusCode,
    headers,
    setCookies,
    contentType: headers['content-type'] ?? null,
    redirectChain: stop.chain,
    responseTimeMs,
    body: null,
    document: null,
    redirectStoppedAt: stop.to,
  };
}
