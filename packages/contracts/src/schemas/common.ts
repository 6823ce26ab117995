import { z } from 'zod';
import { LIMITS } from '../limits';
import { fill, formatMessage, MESSAGES } from '../messages';

/** A timestamp as the API writes it (ISO 8601). */
export const isoDateTime = z.string().meta({ format: 'date-time' });

/** An absolute http(s) URL — the only kind the product stores or crawls. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/** `scheme:` at the start, not a host's port (`acme.com:8080`): `javascript:`, `mailto:`, `ftp://` and the like. */
const NAMES_A_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/**
 * A host a person means when typing a site without its scheme: a domain with a dot and a
 * top-level label of letters (or punycode), `localhost`, or an IP address. A lone word is not one.
 */
const SITE_HOST =
  /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[\da-f:.]+\]|(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+(?:[a-z]{2,63}|xn--[a-z\d-]{1,59}))$/i;

/**
 * What a person types for a website, as an absolute http(s) URL: a full URL as typed; a bare domain
 * (`acme.com`, `www.acme.com/about`, `localhost:8080`) on https, spelt as the URL standard spells it
 * (`https://acme.com/`). null for anything else: another scheme, a word without a dot, an email address, junk.
 */
export function toHttpUrl(input: string): string | null {
  const value = input.trim();
  if (isHttpUrl(value)) return value;
  if (NAMES_A_SCHEME.test(value)) return null;
  try {
    const url = new URL(`https://${value.replace(/^\/\//, '')}`);
    // `sales@acme.com` is an email address, not a site with credentials in it.
    return SITE_HOST.test(url.hostname) && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

export const httpUrl = (message: string = MESSAGES.vendors.invalidUrl) =>
  z.string({ error: message }).trim().refine(isHttpUrl, { error: message });

export const uuidParam = z.uuid({ error: MESSAGES.generic.notFound });

/** A required text field: trimmed, not empty (`required`), at most `max` characters ("{field} must be at most …"). */
export const requiredText = (required: string, field: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: formatMessage.inputTooLong(field, max) });

/** The largest value a PostgreSQL `integer` column holds. */
export const MAX_INT32 = 2_147_483_647;

/** An update must change something: `{}` (or only unknown fields) is a client mistake, not an empty UPDATE. */
export const atLeastOneField = <T extends Record<string, unknown>>(value: T) =>
  Object.values(value).some((field) => field !== undefined);

/** A whole-number query parameter within [min, max], `fallback` when absent; one message for any other value. */
const wholeNumberQuery = (min: number, max: number, fallback: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .default(fallback);

/** `?page=`: a whole number from 1, bounded so that its offset stays a number the database takes. */
export const pageQuery = wholeNumberQuery(1, LIMITS.pagination.maxPage, 1, fill(MESSAGES.generic.pageInvalid, LIMITS.pagination));

/** `?limit=` of a paginated list: how many rows a page holds. */
export const pageLimitQuery = wholeNumberQuery(
  1,
  LIMITS.pagination.maxLimit,
  LIMITS.pagination.defaultLimit,
  fill(MESSAGES.generic.limitInvalid, LIMITS.pagination),
);

/**
 * `?offset=&limit=` of a list the app shows whole: every list answer is bounded, the first window
 * (the default) holds up to the limit, and a client reads on with `offset`.
 */
export const listWindowQuerySchema = z.object({
  offset: wholeNumberQuery(0, LIMITS.listWindow.maxOffset, 0, fill(MESSAGES.generic.offsetInvalid, LIMITS.listWindow)),
  limit: wholeNumberQuery(
    1,
    LIMITS.listWindow.maxLimit,
    LIMITS.listWindow.maxLimit,
    fill(MESSAGES.generic.limitInvalid, LIMITS.listWindow),
  ),
});
export type ListWindow = z.output<typeof listWindowQuerySchema>;
export const FIRST_WINDOW: ListWindow = { offset: 0, limit: LIMITS.listWindow.maxLimit };
