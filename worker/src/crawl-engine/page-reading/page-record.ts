import type { NewCrawlPage, WorkspaceId } from '@vendorwatch/db';
import type { FetchedPage } from '../fetchers/fetcher';
import { MAX_DESCRIPTION, MAX_TITLE } from './html-extractor';
import { storable, storableText } from './storable';

export interface PageOwner {
  jobId: string;
  workspaceId: WorkspaceId;
  userId: string;
  vendorId: string | null;
}

/** Bounds on what one page stores from its response: a hostile site cannot make a row huge. */
const MAX_HEADERS = 100;
const MAX_HEADER_VALUE = 4096;
const MAX_SET_COOKIES = 50;
/** Strings inside the page's facts and browser record (URLs, markers, emails). */
const MAX_FACT_TEXT = 4096;
const MAX_URL = 8192;
const MAX_ERROR = 2000;

/**
 * One crawl_pages row from a fetched page, stored under its canonical key: the same record
 * whichever method fetched it. `links` are the page's outgoing links as canonical keys.
 */
export function pageRecord(
  owner: PageOwner,
  url: string,
  fetched: FetchedPage,
  screenshotPath: string | null,
  links: string[],
): NewCrawlPage {
  const doc = fetched.document;
  const record = storable({
    ...owner,
    url,
    finalUrl: fetched.finalUrl,
    statusCode: fetched.statusCode,
    contentType: fetched.contentType,
    title: doc?.title ? storableText(doc.title, MAX_TITLE) : null,
    description: doc?.description ? storableText(doc.description, MAX_DESCRIPTION) : null,
    responseTimeMs: Math.round(fetched.responseTimeMs),
    contentHash: fetched.body?.sha256 ?? null,
    contentLength: fetched.body?.length ?? (Number(fetched.headers['content-length']) || null),
    linksCount: doc?.links.length ?? 0,
    responseHeaders: Object.fromEntries(
      Object.entries(fetched.headers)
        .slice(0, MAX_HEADERS)
        .map(([name, value]) => [name, value.slice(0, MAX_HEADER_VALUE)]),
    ),
    setCookies: fetched.setCookies.slice(0, MAX_SET_COOKIES).map((cookie) => cookie.slice(0, MAX_HEADER_VALUE)),
    redirectChain: fetched.redirectChain.map((hop) => hop.slice(0, MAX_URL)),
    links: links.map((link) => link.slice(0, MAX_URL)),
    document: doc?.facts ? storable(doc.facts, MAX_FACT_TEXT) : null,
    browser: fetched.browser ? storable(fetched.browser, MAX_FACT_TEXT) : null,
    screenshotPath,
    mainTextHash: doc?.mainTextHash ?? null,
    error: null,
  });
  // The main text is storable as read (tidyMainText), and the largest string of the row: not scanned again.
  return { ...record, mainText: doc?.mainText ?? null };
}

/** A URL that produced no answer: refused by the SSRF guard, unreachable, or retries exhausted. */
export function failedPageRecord(owner: PageOwner, url: string, error: string, statusCode: number | null = null): NewCrawlPage {
  return { ...owner, url, finalUrl: null, statusCode, error: storableText(error, MAX_ERROR) };
}
