import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { atLeastOneField, toHttpUrl } from './common';

const name = z
  .string({ error: MESSAGES.vendors.nameRequired })
  .trim()
  .min(1, { error: MESSAGES.vendors.nameRequired })
  .max(LIMITS.vendor.nameMaxLength, { error: `Vendor name must be at most ${LIMITS.vendor.nameMaxLength} characters` });

/**
 * The URL is optional, but when given it must be an http(s) URL; a bare domain (`acme.com`) is taken
 * as `https://acme.com/`, by the form and the API alike.
 */
const url = z
  .string({ error: MESSAGES.vendors.invalidUrl })
  .trim()
  .max(LIMITS.vendor.urlMaxLength, { error: MESSAGES.vendors.invalidUrl })
  .transform((value, ctx) => {
    if (value === '') return value;
    const absolute = toHttpUrl(value);
    if (absolute !== null && absolute.length <= LIMITS.vendor.urlMaxLength) return absolute;
    ctx.issues.push({ code: 'custom', message: MESSAGES.vendors.invalidUrl, input: value });
    return z.NEVER;
  });

const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(LIMITS.vendor.descriptionMaxLength, {
    error: `Description must be at most ${LIMITS.vendor.descriptionMaxLength} characters`,
  });

export const createVendorSchema = z.object({
  name,
  url: url.optional().default(''),
  description: description.optional().default(''),
});
export type CreateVendorInput = z.input<typeof createVendorSchema>;
export type CreateVendor = z.output<typeof createVendorSchema>;

export const updateVendorSchema = z
  .object({ name, url, description })
  .partial()
  .refine(atLeastOneField, { error: MESSAGES.generic.nothingToUpdate });
export type UpdateVendor = z.output<typeof updateVendorSchema>;
