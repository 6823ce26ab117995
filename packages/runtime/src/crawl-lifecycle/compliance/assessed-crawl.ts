import {
  homePageOf,
  type AssessedCrawl,
  type AssessedPage,
  type DomainPostureFacts,
  type HttpEntryFacts,
  type SiteFacts,
} from '@vendorwatch/compliance';
import type { CrawlMethod } from '@vendorwatch/contracts';
import type { AssessmentPageRow, CrawlJobRow } from '@vendorwatch/db';

/**
 * A completed (or failed) crawl as the compliance checks read it: its stored pages, its start host's facts and
 * the domain and TLS facts the worker read after it (null when none were read).
 */
export function assessedCrawlOf(
  job: CrawlJobRow,
  pages: AssessmentPageRow[],
  domainPosture: DomainPostureFacts | null = null,
): AssessedCrawl {
  const startUrl = (job.settings.startUrls as string[] | undefined)?.[0] ?? job.targetUrl;
  const assessedPages = pages.map(assessedPageOf);
  const site: SiteFacts = job.siteFacts ?? { httpEntry: null, securityTxt: null };
  return {
    jobId: job.id,
    vendorId: job.vendorId,
    method: job.method as CrawlMethod,
    startUrl,
    site: { ...site, httpEntry: site.httpEntry ?? plainHttpEntryOf(startUrl, assessedPages) },
    pages: assessedPages,
    domainPosture,
    ended: job.status === 'failed' ? 'failed' : 'completed',
  };
}

function assessedPageOf(row: AssessmentPageRow): AssessedPage {
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
 * is read from its home page (however the start URL was spelt) — the redirects it followed (each one
 * a redirect) and where it ended — and named as it was requested.
 */
function plainHttpEntryOf(startUrl: string, pages: AssessedPage[]): HttpEntryFacts | null {
  if (!/^http:/i.test(startUrl)) return null;
  const start = homePageOf(startUrl, pages);
  if (!start) return null;
  const requestedUrl = start.redirectChain[0] ?? start.url;
  if (start.statusCode === null) return { requestedUrl, hops: [], finalUrl: null, error: start.error };
  const urls = [...start.redirectChain, start.finalUrl ?? start.url];
  const hops = urls.map((url, i) => ({
    url,
    statusCode: i < urls.length - 1 ? 301 : start.statusCode!,
    location: urls[i + 1] ?? null,
  }));
  return { requestedUrl, hops, finalUrl: start.finalUrl ?? start.url, error: null };
}
