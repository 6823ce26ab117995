import type { NewCrawlPage } from '@vendorwatch/db';
import type { FetchedPage } from './fetcher';

/** The response headers the compliance checks read. */
export const SECURITY_HEADERS = [
  'strict-transport-security',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
] as const;

export interface PageOwner {
  jobId: string;
  userId: string;
  vendorId: string | null;
}

/** One crawl_pages row from a fetched page, stored under its canonical key: the same record whichever method fetched it. */
export function pageRecord(owner: PageOwner, url: string, fetched: FetchedPage, screenshotPath: string | null): NewCrawlPage {
  const securityHeaders = Object.fromEntries(
    SECURITY_HEADERS.filter((name) => fetched.headers[name] !== undefined).map((name) => [name, fetched.headers[name]!]),
  );
  const doc = fetched.document;
  return {
    ...owner,
    url,
    finalUrl: fetched.finalUrl,
    statusCode: fetched.statusCode,
    contentType: fetched.contentType,
    title: doc?.title ?? null,
    description: doc?.description ?? null,
    responseTimeMs: Math.round(fetched.responseTimeMs),
    contentHash: fetched.body?.sha256 ?? null,
    contentLength: fetched.body?.length ?? (Number(fetched.headers['content-length']) || null),
    linksCount: doc?.links.length ?? 0,
    securityHeaders,
    redirectChain: fetched.redirectChain,
    signals: {
      https: fetched.finalUrl.startsWith('https:'),
      parsed: doc !== null,
      titlePresent: Boolean(doc?.title),
      descriptionPresent: Boolean(doc?.description),
      ...(doc?.signals ?? {}),
      ...(fetched.body?.truncated ? { bodyTruncated: true } : {}),
    },
    screenshotPath,
    error: null,
  };
}

/** A URL that produced no answer: refused by the SSRF guard, unreachable, or retries exhausted. */
export function failedPageRecord(owner: PageOwner, url: string, error: string, statusCode: number | null = null): NewCrawlPage {
  return { ...owner, url, finalUrl: null, statusCode, error, signals: { https: url.startsWith('https:'), parsed: false } };
}
