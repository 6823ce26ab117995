import { z } from 'zod';

/**
 * Why a crawl failed, in plain words, with the technical message kept behind it. Crawls end
 * `failed` with whatever the fetching layer said (Chromium's `net::ERR_…`, Node's `ENOTFOUND`,
 * the SSRF guard, ScrapingBee); a person reading a report or the vendors list needs the first
 * line of this, an operator the second. Shared by the API (reports, exports) and the frontend.
 */
export const crawlFailureExplanationSchema = z.object({
  /** One sentence a non-specialist can act on. */
  summary: z.string(),
  /** The stored technical message, unchanged (null when there was none). */
  detail: z.string().nullable(),
});
export type CrawlFailureExplanation = z.output<typeof crawlFailureExplanationSchema>;

/** The first pattern that matches the technical message decides the summary; order matters. */
const EXPLANATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /ERR_NAME_NOT_RESOLVED|ENOTFOUND|EAI_AGAIN|EAI_NONAME|getaddrinfo|Host not found/i,
    'The site could not be reached: host not found',
  ],
  [/ERR_CONNECTION_REFUSED|ECONNREFUSED/i, 'The site could not be reached: connection refused'],
  [
    /ERR_CONNECTION_TIMED_OUT|ERR_TIMED_OUT|ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|Navigation timeout|Timeout|Timed out/i,
    'The site did not answer in time',
  ],
  [/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY_CONNECTION_FAILED/i, 'The site could not be reached through the configured proxy'],
  [
    /ERR_CERT_|ERR_SSL_|certificate|self[- ]signed|altnames|UNABLE_TO_VERIFY|CERT_HAS_EXPIRED/i,
    "The site's HTTPS certificate or TLS setup was refused",
  ],
  [/ERR_CONNECTION_RESET|ECONNRESET|ERR_CONNECTION_CLOSED|socket hang up|ERR_EMPTY_RESPONSE/i, 'The site closed the connection'],
  [/SSRF guard/i, 'The address is not allowed: it points to a private or reserved network'],
  [/ScrapingBee credits exhausted/i, 'The scraping API has no credits left'],
  [/ScrapingBee|API key/i, 'The scraping API refused the crawl: check the API key in Settings'],
  [/Could not connect to the crawler service/i, 'The crawler service could not be reached'],
  [/redirect/i, 'The site redirected somewhere the crawler cannot follow'],
  [/No page could be fetched/i, 'No page of the site could be fetched'],
  [/No valid http\(s\) start URL/i, 'The vendor has no valid start URL: check its URL or its crawler settings'],
];

export function explainCrawlFailure(error: string | null | undefined): CrawlFailureExplanation {
  const detail = error?.trim() ? error.trim() : null;
  if (!detail) return { summary: 'The crawl failed', detail: null };
  const match = EXPLANATIONS.find(([pattern]) => pattern.test(detail));
  return { summary: match ? match[1] : 'The crawl failed', detail };
}

/** Failures the vendor's address explains (no such host, a TLS setup refused, a private address, no valid URL): the page offers to edit it. */
const ADDRESS_AT_FAULT =
  /ERR_NAME_NOT_RESOLVED|ENOTFOUND|EAI_NONAME|Host not found|ERR_CERT_|ERR_SSL_|certificate|self[- ]signed|altnames|UNABLE_TO_VERIFY|CERT_HAS_EXPIRED|SSRF guard|No valid http\(s\) start URL/i;

export const crawlFailureCallsForAddressEdit = (error: string | null | undefined): boolean =>
  Boolean(error && ADDRESS_AT_FAULT.test(error));
