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
