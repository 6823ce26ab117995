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

/** A crawl failure that is a refused certificate (not a refused connection or a TLS version mismatch). */
const CERTIFICATE_FAILURE = /CERT|certificate|self[- ]signed|altnames|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|md too weak/i;

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
  [/ERR_SSL_|wrong version number|EPROTO|ssl3_get_record|packet length too long/i, "The site's TLS setup was refused"],
  [/ERR_CONNECTION_RESET|ECONNRESET|ERR_CONNECTION_CLOSED|socket hang up|ERR_EMPTY_RESPONSE/i, 'The site closed the connection'],
  [/SSRF guard/i, 'The address is not allowed: it points to a private or reserved network'],
  [/ScrapingBee credits exhausted/i, 'The scraping API has no credits left'],
  [/ScrapingBee|API key/i, 'The scraping API refused the crawl: check the API key in Settings'],
  [/Could not connect to the crawler service/i, 'The crawler service could not be reached'],
  [/redirect/i, 'The site redirected somewhere the crawler cannot follow'],
  [/No page could be fetched/i, 'No page of the site could be fetched'],
  [/No valid http\(s\) start URL/i, 'The vendor has no valid start URL: check its URL or its crawler settings'],
];

/**
 * Why a certificate was refused, in plain words, from the TLS library's code or message (Node's,
 * OpenSSL's, Chromium's): "it has expired", "it is self-signed …". null when the message names no
 * certificate refusal. Shared by the failure explanation and the certificate check.
 */
const CERTIFICATE_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [/CERT_HAS_EXPIRED|certificate has expired|ERR_CERT_DATE_INVALID/i, 'it has expired (or is not valid yet)'],
  [/CERT_NOT_YET_VALID|certificate is not yet valid/i, 'it is not valid yet'],
  [/SELF_SIGNED|self[- ]signed/i, 'it is self-signed: no certificate authority vouches for it'],
  [/ALTNAME|altnames|ERR_CERT_COMMON_NAME_INVALID|does not match certificate/i, 'it is issued for another name'],
  [/CA_MD_TOO_WEAK|md too weak|ERR_CERT_WEAK_SIGNATURE_ALGORITHM|SHA-?1/i, 'it is signed with a weak algorithm (SHA-1)'],
  [/EE_KEY_TOO_SMALL|key too small|ERR_CERT_WEAK_KEY/i, 'its key is too small'],
  [/CERT_REVOKED|ERR_CERT_REVOKED/i, 'it has been revoked'],
  [
    /UNABLE_TO_GET_ISSUER|UNABLE_TO_VERIFY_LEAF|local issuer|verify the first certificate|ERR_CERT_AUTHORITY_INVALID|CERT_SIGNATURE_FAILURE|signature failure/i,
    'it is from an unknown certificate authority (or the server leaves out its intermediate certificates)',
  ],
  [/ERR_CERT_|CERT_|certificate/i, 'it could not be verified'],
];

export function certificateRefusal(message: string | null | undefined): string | null {
  if (!message) return null;
  return CERTIFICATE_REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

export function explainCrawlFailure(error: string | null | undefined): CrawlFailureExplanation {
  const detail = error?.trim() ? error.trim() : null;
  if (!detail) return { summary: 'The crawl failed', detail: null };
  // Before the other patterns: a refused certificate's message can also say "connect" or "timeout".
  const refusal = CERTIFICATE_FAILURE.test(detail) ? certificateRefusal(detail) : null;
  if (refusal) return { summary: `The site's certificate was refused: ${refusal}`, detail };
  const match = EXPLANATIONS.find(([pattern]) => pattern.test(detail));
  return { summary: match ? match[1] : 'The crawl failed', detail };
}

/** Failures the vendor's address explains (no such host, a TLS setup refused, a private address, no valid URL): the page offers to edit it. */
const ADDRESS_AT_FAULT =
  /ERR_NAME_NOT_RESOLVED|ENOTFOUND|EAI_NONAME|Host not found|ERR_CERT_|ERR_SSL_|certificate|self[- ]signed|altnames|UNABLE_TO_VERIFY|CERT_HAS_EXPIRED|SSRF guard|No valid http\(s\) start URL/i;

export const crawlFailureCallsForAddressEdit = (error: string | null | undefined): boolean =>
  Boolean(error && ADDRESS_AT_FAULT.test(error));
