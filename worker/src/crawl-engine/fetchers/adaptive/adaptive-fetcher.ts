import { ADAPTIVE_SAMPLING, type BrowserRenderReason, type PageReadBy } from '@vendorwatch/contracts';
import { CrawlAbortedError } from '../../primitives/abort';
import { errorMessage } from '../../primitives/errors';
import type { Fetcher, FetchedPage, FetchHooks, InTurn } from '../fetcher';
import type { HttpFetcher } from '../http/http-fetcher';
import type { PuppeteerFetcher } from '../puppeteer/puppeteer-fetcher';
import type { BrowserTabSlots } from './browser-tab-slots';
import { compareReadings, type CookieNames } from './compare-readings';
import { TemplateSampling } from './template-sampling';

/**
 * Quick HTTP, with the browser where the site needs it (Crawlee's adaptive crawler, per page template):
 * every page is fetched over HTTP, and its template (read from the HTML served, page-template.ts) decides
 * whether it is also opened in the browser (TemplateSampling: the first pages of each template, a re-check
 * now and then, every page of a template where the browser saw more). A page opened in the browser is
 * stored as the browser read it — its links, cookies, requests, consent platform, library globals and
 * axe-core's results, axe grouped by the same template — and the two readings are compared on what the
 * assessment reads (compareReadings). The browser's request is a request of the crawl like any other: it
 * waits for the host's turn after the HTTP one (the crawl's delay between them). Every page records
 * which way it was read and why (its document facts' `readBy`). The browser reads in a slot of the
 * process's BrowserTabSlots; between readings the crawl keeps its tab (its own context, as the browser
 * method's crawl does) while one of the process's keep allowances is free and it keeps rendering,
 * and closes it otherwise.
 */
export class AdaptiveFetcher implements Fetcher {
  readonly method = 'adaptive' as const;
  private readonly sampling = new TemplateSampling();
  private readonly jar: CookieNames = new Set();
  /** Whether the crawl's tab stays open between readings (a BrowserTabSlots allowance held). */
  private keepsTab = false;
  /** Pages read over HTTP only since the last reading: a crawl that stopped rendering gives its tab back. */
  private httpOnlyPages = 0;

  constructor(
    private readonly http: HttpFetcher,
    private readonly browser: PuppeteerFetcher,
    private readonly tabs: BrowserTabSlots,
  ) {}

  fetch(url: string, signal: AbortSignal, hooks?: FetchHooks): Promise<FetchedPage> {
    return this.http.fetch(url, signal, hooks);
  }

  /**
   * Opens the page in the browser when its template says so (in the host's turn) and keeps the browser's
   * reading; a page read over HTTP only gets its scripts' first bytes, as the http method reads them.
   * A browser that cannot open the page leaves it as HTTP read it, and says why.
   */
  async readSubresources(page: FetchedPage, inTurn: InTurn, signal: AbortSignal): Promise<void> {
    const document = page.document;
    if (!document || page.redirectStoppedAt) return this.http.readSubresources(page, inTurn, signal);
    const template = document.template ?? null;
    // A template whose sample gave axe-core no result (the analysis failed on a busy machine) is sampled
    // again with its next page, as the browser method checks the next page of it: otherwise its
    // accessibility would go unread for the rest of the crawl.
    const reason = this.sampling.next(template) ?? (this.browser.wantsAccessibility(template) ? 'new-template' : null);
    if (!reason) {
      document.facts.readBy = { via: 'http', reason: null, template };
      if (this.keepsTab && ++this.httpOnlyPages >= KEEP_TAB_FOR_PAGES) await this.closeTab();
      return this.http.readSubresources(page, inTurn, signal);
    }
    this.httpOnlyPages = 0;
    let rendered: FetchedPage;
    try {
      rendered = await inTurn(page.finalUrl, signal, (hooks) => this.render(page.finalUrl, signal, hooks, template));
    } catch (error) {
      if (error instanceof CrawlAbortedError || signal.aborted) throw error;
      document.facts.readBy = { via: 'http', reason, template, browserError: errorMessage(error).slice(0, 500) };
      return this.http.readSubresources(page, inTurn, signal);
    }
    const differences = compareReadings(page, rendered, this.jar);
    if (differences.length) this.sampling.differs(template);
    adoptBrowserReading(page, rendered, { via: 'browser', reason, template, ...(differences.length && { differences }) });
  }

  async close(): Promise<void> {
    await Promise.all([this.http.close(), this.closeTab()]);
  }

  /**
   * The browser's reading of one page, in a tab slot (freed for another crawl after it). The tab stays
   * open for the crawl's next reading when the process allows one more kept tab; a failed reading closes it.
   */
  private render(url: string, signal: AbortSignal, hooks: FetchHooks, template: string | null): Promise<FetchedPage> {
    return this.tabs.use(signal, async () => {
      let keep = false;
      try {
        const rendered = await this.browser.fetch(url, signal, hooks, template);
        keep = this.keepsTab || this.tabs.keep();
        return rendered;
      } finally {
        if (keep) this.keepsTab = true;
        else await this.closeTab();
      }
    });
  }

  private async closeTab(): Promise<void> {
    await this.browser.close();
    if (this.keepsTab) this.tabs.unkeep();
    this.keepsTab = false;
  }
}

/**
 * Pages read over HTTP only after which a crawl's kept tab is closed, its allowance free for a crawl that
 * renders: as many as between two rechecks of a template, so a crawl whose rechecks still come keeps its
 * tab from one to the next. A tab reopened costs Chromium a new renderer: four times the CPU of a reading
 * in a kept tab (BrowserTabSlots.maxKept).
 */
export const KEEP_TAB_FOR_PAGES = ADAPTIVE_SAMPLING.recheckEvery;

/**
 * The page as the browser read it, under the URL HTTP fetched (the crawl claimed it, and its redirects,
 * already). A rendered page without a document (Chromium answered no HTML) keeps the HTTP one.
 */
function adoptBrowserReading(page: FetchedPage, rendered: FetchedPage, readBy: PageReadBy & { reason: BrowserRenderReason }) {
  const document = rendered.document ?? page.document!;
  document.facts.readBy = readBy;
  Object.assign(page, {
    statusCode: rendered.statusCode,
    headers: rendered.headers,
    setCookies: rendered.setCookies,
    contentType: rendered.contentType,
    body: rendered.body ?? page.body,
    document,
    browser: rendered.browser ?? null,
    screenshot: rendered.screenshot ?? null,
  } satisfies Partial<FetchedPage>);
}
