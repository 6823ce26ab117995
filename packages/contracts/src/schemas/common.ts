import { z } from 'zod';
import { LIMITS } from '../limits';
import { fill, MESSAGES } from '../messages';

/** An absolute http(s) URL — the only kind the product stores or crawls. */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

export const httpUrl = (message: string = MESSAGES.vendors.invalidUrl) =>
  z.string({ error: message }).trim().refine(isHttpUrl, { error: message });

export const uuidParam = z.uuid({ error: MESSAGES.generic.notFound });

/** The largest value a PostgreSQL `integer` column holds. */
export const MAX_INT32 = 2_147_483_647;

/** An update must change something: `{}` (or only unknown fields) is a client mistake, not an empty UPDATE. */
export const atLeastOneField = <T extends Record<string, unknown>>(value: T) =>
  Object.values(value).some((field) => field !== undefined);

/** `?page=`: a whole number from 1, bounded so that its offset stays a number the database takes. */
const PAGE_INVALID = fill(MESSAGES.generic.pageInvalid, LIMITS.pagination);
export const pageQuery = z.coerce
  .number({ error: PAGE_INVALID })
  .int({ error: PAGE_INVALID })
  .min(1, { error: PAGE_INVALID })
  .max(LIMITS.pagination.maxPage, { error: PAGE_INVALID })
  .default(1);

/** `?limit=` of a paginated list: how many rows a page holds. */
const PAGE_LIMIT_INVALID = fill(MESSAGES.generic.limitInvalid, LIMITS.pagination);
export const pageLimitQuery = z.coerce
  .number({ error: PAGE_LIMIT_INVALID })
  .int({ error: PAGE_LIMIT_INVALID })
  .min(1, { error: PAGE_LIMIT_INVALID })
  .max(LIMITS.pagination.maxLimit, { error: PAGE_LIMIT_INVALID })
  .default(LIMITS.pagination.defaultLimit);

const LIMIT_INVALID = fill(MESSAGES.generic.limitInvalid, LIMITS.listWindow);
const OFFSET_INVALID = fill(MESSAGES.generic.offsetInvalid, LIMITS.listWindow);

/**
 * `?offset=&limit=` of a list the app shows whole: every list answer is bounded, the first window
 * (the default) holds up to the limit, and a client reads on with `offset`.
 */
export const listWindowQuerySchema = z.object({
  offset: z.coerce
    .number({ error: OFFSET_INVALID })
    .int({ error: OFFSET_INVALID })
    .min(0, { error: OFFSET_INVALID })
    .max(LIMITS.listWindow.maxOffset, { error: OFFSET_INVALID })
    .default(0),
  limit: z.coerce
    .number({ error: LIMIT_INVALID })
    .int({ error: LIMIT_INVALID })
    .min(1, { error: LIMIT_INVALID })
    .max(LIMITS.listWindow.maxLimit, { error: LIMIT_INVALID })
    .default(LIMITS.listWindow.maxLimit),
});
export type ListWindow = z.output<typeof listWindowQuerySchema>;
export const FIRST_WINDOW: ListWindow = { offset: 0, limit: LIMITS.listWindow.maxLimit };
