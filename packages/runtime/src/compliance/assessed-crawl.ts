import type { AssessedCrawl, AssessedPage, DomainPostureFacts, HttpEntryFacts, SiteFacts } from '@vendorwatch/compliance';
import type { CrawlMethod } from '@vendorwatch/contracts';
import type { CrawlJobRow, CrawlPageRow } from '@vendorwatch/db';

/**
 * A completed crawl as the compliance checks read it: its stored pages, its start host's facts and
 * the domain and TLS facts the worker read after it (null when none were read).
 */
export function assessedCrawlOf(
  job: CrawlJobRow,
  pages: CrawlPageRow[],
  domainPosture: DomainPostureFacts | null = null,
): AssessedCrawl {
  const startUrl = (job.settings.startUrls as string[] | undefined)?.[0] ?? job.targetUrl;
  const assessedPages = pages.map(assessedPageOf);
  const site: SiteFacts = job.siteFacts ?? { tls: null, httpEntry: null, securityTxt: null };
  return {
    jobId: job.id,
    vendorId: job.vendorId,
    method: job.method as CrawlMethod,
    startUrl,
    site: { ...site, httpEntry: site.httpEntry ?? plainHttpEntryOf(startUrl, assessedPages) },
    pages: assessedPages,
    domainPosture,
  };
}

function assessedPageOf(row: CrawlPageRow): AssessedPage {
  return {
    id: row.id,
    url: row.url,
    finalUrl: row.finalUrl,
    statusCode: row.statusCode,
    contentType: row.contentType,
    error: row.error,
    title: row.title,
    description: row.description,
    headers: row.responseHeaders,
    setCookies: row.setCookies,
    redirectChain: row.redirectChain,
    links: row.links,
    hasScreenshot: row.screenshotPath !== null,
    document: row.document ?? null,
    browser: row.browser ?? null,
  };
}

/**
 * A crawl that starts at a plain-HTTP URL was not asked the same URL twice: where plain HTTP leads
 * is read from its start page — the redirects it followed (each one a redirect) and where it ended.
 */
function plainHttpEntryOf(startUrl: string, pages: AssessedPage[]): HttpEntryFacts | null {
  if (!startUrl.startsWith('http:')) return null;
  const start = pages.find((page) => page.redirectChain[0] === startUrl || page.url === startUrl);
  if (!start) return null;
  if (start.statusCode === null) return { requestedUrl: startUrl, hops: [], finalUrl: null, error: start.error };
  const urls = [...start.redirectChain, start.finalUrl ?? start.url];
  const hops = urls.map((url, i) => ({
    url,
    statusCode: i < urls.length - 1 ? 301 : start.statusCode!,
    location: urls[i + 1] ?? null,
  }));
  return { requestedUrl: startUrl, hops, finalUrl: start.finalUrl ?? start.url, error: null };
}
