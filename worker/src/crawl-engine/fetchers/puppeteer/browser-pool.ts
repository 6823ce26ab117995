import type { AddressGuard } from '@vendorwatch/runtime';
import { Logger } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer';
import { FilteringProxy } from '../../../network/filtering-proxy';
import { chromiumFlags, DENY_DOWNLOADS, PROXY_BYPASS_LIST, VIEWPORT } from './chromium-flags';

const MINIMISED_WINDOW = { type: 'window', windowBounds: { windowState: 'minimized' } } as const;

export interface BrowserPoolOptions {
  executablePath: string;
  guard: AddressGuard;
  /** PROXY_URL, for crawls with useProxy. */
  upstreamProxy?: string;
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
}

export interface SessionOptions {
  /** PROXY_URL for this crawl. */
  useProxy: boolean;
  /**
   * Whether the page must be painted: for screenshots, and for human behaviour (scrolling that
   * lazy content reacts to). Otherwise its window is minimised from the moment it is created:
   * Chromium then lays pages out and runs their scripts but skips painting and compositing, as for
   * a background tab, and never allocates the window's frame buffers: more pages per second and less
   * memory per open page (figures in bench/README.md).
   */
  painted: boolean;
}

/**
 * One Chromium per worker process, launched on first use with a fresh profile, relaunched on the
 * next use after a crash. Each crawl gets its own context (cookies do not leak between vendors)
 * and one page it reuses. Every request leaves through our FilteringProxy; crawls with useProxy
 * use a second FilteringProxy that forwards to PROXY_URL.
 */
export class BrowserPool {
  private readonly logger = new Logger(BrowserPool.name);
  private launching: Promise<Browser> | null = null;
  private warnedNoSandbox = false;
  private lastLaunchFailed = false;
  private profileDir: string | null = null;
  private readonly proxies = new Map<'direct' | 'upstream', Promise<FilteringProxy>>();

  constructor(private readonly options: BrowserPoolOptions) {}

  /** For the heartbeat: down when Chromium is missing or its last launch failed. */
  status(): 'ok' | 'down' {
    if (!existsSync(this.options.executablePath)) return 'down';
    return this.lastLaunchFailed ? 'down' : 'ok';
  }

  async openSession({ useProxy, painted }: SessionOptions): Promise<BrowserSession> {
    const browser = await this.browser();
    const wantsUpstream = useProxy && Boolean(this.options.upstreamProxy);
    if (useProxy && !wantsUpstream) this.logger.warn('useProxy is set but PROXY_URL is not configured: crawling without a proxy');
    const proxy = await this.proxy(wantsUpstream ? 'upstream' : 'direct');
    const context = await browser.createBrowserContext({
      proxyServer: proxy.url,
      proxyBypassList: PROXY_BYPASS_LIST,
      downloadBehavior: DENY_DOWNLOADS,
    });
    return { context, page: await this.openPage(context, painted) };
  }

  /**
   * A new tab in the session's context (its cookies kept), set up like the first. An unpainted one
   * opens in a window of its own created minimised: a window minimised only after it opened keeps
   * the frame buffers it was shown with (in the browser and GPU processes) for as long as it lives,
   * and a tab added to the context's existing window would be its visible tab, painted.
   */
  private async openPage(context: BrowserContext, painted: boolean): Promise<Page> {
    const page = await context.newPage(painted ? undefined : MINIMISED_WINDOW);
    await page.setViewport(VIEWPORT);
    return page;
  }

  /**
   * Replaces a session's tab with a fresh one in the same context (cookies kept) and empties the
   * context's HTTP cache. A crawl's context is off the record, so its cache lives in the memory of
   * Chromium's network service and keeps every page the crawl fetched, growing for as long as the
   * crawl runs; emptied, it stays flat.
   */
  async renewPage({ context, page: old }: BrowserSession, painted: boolean): Promise<BrowserSession> {
    await clearHttpCache(old).catch((error) => this.logger.warn(`Could not empty a crawl's HTTP cache: ${error}`));
    // The new tab opens before the old one closes: a context's last tab closing closes its window.
    const page = await this.openPage(context, painted);
    await old.close().catch(() => undefined);
    return { context, page };
  }

  async close(): Promise<void> {
    const launching = this.launching;
    this.launching = null;
    const browser = await launching?.catch(() => null);
    await browser?.close().catch(() => undefined);
    for (const proxy of this.proxies.values()) await (await proxy.catch(() => null))?.close();
    this.proxies.clear();
    if (this.profileDir) await rm(this.profileDir, { recursive: true, force: true }).catch(() => undefined);
  }

  private browser(): Promise<Browser> {
    if (!this.launching) {
      this.launching = this.launch();
      this.launching.catch(() => {
        this.launching = null;
      });
    }
    return this.launching;
  }

  private async launch(): Promise<Browser> {
    const proxy = await this.proxy('direct');
    if (this.profileDir) await rm(this.profileDir, { recursive: true, force: true }).catch(() => undefined);
    this.profileDir = await mkdtemp(path.join(os.tmpdir(), 'vendorwatch-chromium-'));
    const runsAsRoot = process.getuid?.() === 0;
    if (runsAsRoot && !this.warnedNoSandbox) {
      this.warnedNoSandbox = true;
      this.logger.warn(
        "Chromium runs without its sandbox because this worker runs as root; run it as a non-root user (the Docker image's worker does)",
      );
    }
    try {
      const browser = await puppeteer.launch({
        executablePath: this.options.executablePath,
        headless: true,
        userDataDir: this.profileDir,
        args: [...chromiumFlags(runsAsRoot), `--proxy-server=${proxy.url}`, `--proxy-bypass-list=${PROXY_BYPASS_LIST.join(';')}`],
        downloadBehavior: DENY_DOWNLOADS,
        defaultViewport: VIEWPORT,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      // A browser that cannot keep its requests in bounds is not used.
      await dropFaviconRequests(browser).catch(async (error) => {
        await browser.close().catch(() => undefined);
        throw error;
      });
      this.lastLaunchFailed = false;
      browser.once('disconnected', () => {
        this.logger.warn('Chromium disconnected; it is relaunched on next use');
        if (this.launching) this.launching = null;
      });
      return browser;
    } catch (error) {
      this.lastLaunchFailed = true;
      throw error;
    }
  }

  private proxy(kind: 'direct' | 'upstream'): Promise<FilteringProxy> {
    let proxy = this.proxies.get(kind);
    if (!proxy) {
      proxy = FilteringProxy.start({
        guard: this.options.guard,
        upstream: kind === 'upstream' ? this.options.upstreamProxy : undefined,
      });
      this.proxies.set(kind, proxy);
    }
    return proxy;
  }
}

/** Empties the HTTP cache of the page's browser context (only that context: one crawl's). */
async function clearHttpCache(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  try {
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * Chromium asks for a page's /favicon.ico as the page finishes loading: a request the crawl did not
 * choose, outside the page's host turn. A tab's own request interception cannot be the place to drop it:
 * a tab closed just then (an adaptive crawl closes its tab right after a reading it may not keep) has lost
 * its DevTools session, and the request went to the vendor past it — bench B8A saw it 190–250 ms after
 * the page, under the crawl delay. The browser's own session outlives every tab, so it drops them all,
 * with or without a query string. Only those URLs pause there: a pattern of '*' on the browser's session
 * would hold every request of every tab for a round trip to this process.
 */
async function dropFaviconRequests(browser: Browser): Promise<void> {
  const session = await browser.target().createCDPSession();
  session.on(
    'Fetch.requestPaused',
    ({ requestId }) =>
      // A request whose tab has closed meanwhile has an id no longer known: nothing is left to do.
      void session.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }).catch(() => undefined),
  );
  // In these patterns '?' is a wildcard of its own, and a backslash makes it a literal.
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*/favicon.ico' }, { urlPattern: '*/favicon.ico\\?*' }] });
}
