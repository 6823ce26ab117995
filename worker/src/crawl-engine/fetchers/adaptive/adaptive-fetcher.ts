import type { BrowserRenderReason, PageReadBy } from '@vendorwatch/contracts';
import { CrawlAbortedError } from '../../loop/abort';
import { errorMessage } from '../../loop/errors';
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
 * which way it was read and why (its document facts' `readBy`). The crawl holds a Chromium tab only
 * while the browser reads: a slot of the process's BrowserTabSlots, the tab closed after each reading.
 */
export class AdaptiveFetcher implements Fetcher {
  readonly method = 'adaptive' as const;
  private readonly sampling = new TemplateSampling();
  private readonly jar: CookieNames = new Set();

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
      return this.http.readSubresources(page, inTurn, signal);
    }
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
    await Promise.all([this.http.close(), this.browser.close()]);
  }

  /** The browser's reading of one page, in a tab slot; the tab is closed after it (the slot freed for another crawl). */
  private render(url: string, signal: AbortSignal, hooks: FetchHooks, template: string | null): Promise<FetchedPage> {
    return this.tabs.use(signal, async () => {
      try {
        return await this.browser.fetch(url, signal, hooks, template);
      } finally {
        await this.browser.close();
      }
    });
  }
}

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
