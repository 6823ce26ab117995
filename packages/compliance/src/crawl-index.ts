import type { AssessedCrawl, AssessedPage } from './input';
import { hostOf, isHttpsUrl, siteOf, urlIdentity } from './urls';

/** Where a page ended up: its final URL after redirects, else the URL requested. */
export const finalUrlOf = (page: AssessedPage) => page.finalUrl ?? page.url;

export const isSuccess = (page: AssessedPage) => page.statusCode !== null && page.statusCode >= 200 && page.statusCode < 300;

const HTML_TYPE = /html/i;

/** A 2xx answer that is an HTML document: the pages header and content checks judge. */
export const isHtmlPage = (page: AssessedPage) =>
  isSuccess(page) && (page.document !== null || HTML_TYPE.test(page.contentType ?? ''));

/**
 * The home page: the start URL's page after canonicalisation and redirects, however the start URL was
 * spelt (trailing slash, case of the host, default port). The page stored under the start URL, else
 * the page its redirects led to (the start URL heads that page's redirect chain), else a page that
 * landed on it. Null when the crawl stored none of them.
 */
export function homePageOf<P extends Pick<AssessedPage, 'url' | 'finalUrl' | 'redirectChain'>>(
  startUrl: string,
  pages: readonly P[],
): P | null {
  const start = urlIdentity(startUrl);
  const isStart = (url: string | null | undefined) =>
    !!url && (url === startUrl || (start !== null && urlIdentity(url) === start));
  return (
    pages.find((page) => isStart(page.url)) ??
    pages.find((page) => isStart(page.redirectChain[0])) ??
    pages.find((page) => isStart(page.finalUrl)) ??
    null
  );
}

/**
 * What several checks look up, computed once per crawl: pages grouped by kind, the home page, which
 * sites are first-party, and a memo for parsed values. Checks read it through `indexOf(crawl)`, which
 * keeps one index per crawl object, so a catalogue of checks costs one pass over the pages, not one
 * per lookup. A crawl is treated as immutable once assessed.
 */
export class CrawlIndex {
  /** Pages that answered at all (any status). */
  readonly answered: AssessedPage[] = [];
  /** 2xx HTML pages, in crawl order. */
  readonly htmlPages: AssessedPage[] = [];
  /** 2xx HTML pages whose final URL is https. */
  readonly httpsHtmlPages: AssessedPage[] = [];
  /** The start URL's page after canonicalisation and redirects (`homePageOf`); null when the crawl did not store it. */
  readonly home: AssessedPage | null;
  /** Registrable domains of the vendor: the start URL's and, if it redirected elsewhere, the home page's. */
  readonly firstPartySites: ReadonlySet<string>;

  private readonly memos = new Map<string, Map<string, unknown>>();

  constructor(readonly crawl: AssessedCrawl) {
    for (const page of crawl.pages) {
      if (page.statusCode === null) continue;
      this.answered.push(page);
      if (!isHtmlPage(page)) continue;
      this.htmlPages.push(page);
      if (isHttpsUrl(finalUrlOf(page))) this.httpsHtmlPages.push(page);
    }
    this.home = homePageOf(crawl.startUrl, crawl.pages);
    const sites = new Set<string>();
    for (const url of [crawl.startUrl, this.home ? finalUrlOf(this.home) : null]) {
      const host = url ? hostOf(url) : null;
      if (host) sites.add(this.siteOfHost(host));
    }
    this.firstPartySites = sites;
  }

  /** The registrable domain of a host, memoised: a crawl names the same few hosts thousands of times. */
  siteOfHost(host: string): string {
    return this.memo('site', host, () => siteOf(host));
  }

  isFirstPartyHost(host: string): boolean {
    return this.firstPartySites.has(this.siteOfHost(host));
  }

  /** Per-crawl memo for what checks derive from repeated values (a CSP header, a cookie, a host). */
  memo<T>(namespace: string, key: string, compute: () => T): T {
    let table = this.memos.get(namespace);
    if (!table) this.memos.set(namespace, (table = new Map()));
    if (table.has(key)) return table.get(key) as T;
    const value = compute();
    table.set(key, value);
    return value;
  }
}

const indexes = new WeakMap<AssessedCrawl, CrawlIndex>();

export function indexOf(crawl: AssessedCrawl): CrawlIndex {
  let index = indexes.get(crawl);
  if (!index) {
    index = new CrawlIndex(crawl);
    indexes.set(crawl, index);
  }
  return index;
}
