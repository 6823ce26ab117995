import { z } from 'zod';
import { MESSAGES } from '../messages';

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
