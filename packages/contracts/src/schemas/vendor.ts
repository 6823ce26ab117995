import { z } from 'zod';
import { LIMITS } from '../limits';
import { vendorProgrammeUpdateFields } from '../programme';
import { fill, MESSAGES } from '../messages';
import { atLeastOneField, toHttpUrl } from './common';
import { splitLines } from './crawler-settings';

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

const V = LIMITS.vendor;

/** A DNS host name with a dot and a top-level label of letters (or punycode): not an address, not `localhost`. */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/;

/**
 * A host name as typed (`Mail.Acme.com.`, `bücher.example`) in the spelling DNS reads: lower-cased, IDN as
 * punycode, no trailing dot; null for a URL, an address, a port, a path or junk.
 */
export function toHostName(input: string): string | null {
  const value = input.trim().replace(/\.$/, '');
  if (!value || value.length > V.domainMaxLength || /[/:@?#\s\\]/.test(value)) return null;
  try {
    const host = new URL(`https://${value}`).hostname;
    return HOST_NAME.test(host) ? host : null;
  } catch {
    return null;
  }
}

/**
 * The vendor's domains, primary first; an empty list means the registrable domain of its URL. A list,
 * or the form's text with one per line.
 */
const domainList = z
  .array(z.string({ error: MESSAGES.vendors.invalidDomain }).max(V.domainMaxLength, { error: MESSAGES.vendors.invalidDomain }), {
    error: MESSAGES.vendors.invalidDomain,
  })
  .max(V.maxDomains, { error: fill(MESSAGES.vendors.tooManyDomains, { max: V.maxDomains }) })
  .transform((values, ctx) => {
    const hosts: string[] = [];
    for (const value of values) {
      const host = toHostName(value);
      if (!host) {
        ctx.issues.push({ code: 'custom', message: MESSAGES.vendors.invalidDomain, input: value });
        return z.NEVER;
      }
      if (hosts.includes(host)) {
        ctx.issues.push({ code: 'custom', message: MESSAGES.vendors.duplicateDomain, input: value });
        return z.NEVER;
      }
      hosts.push(host);
    }
    return hosts;
  });
const domains = z.preprocess(splitLines, domainList.default([]));

/** A DKIM selector: one or more DNS labels (`selector1`, `s1024.mail`), read at `{selector}._domainkey.{domain}`. */
const DKIM_SELECTOR = /^[a-z\d_](?:[a-z\d_-]*[a-z\d_])?(?:\.[a-z\d_](?:[a-z\d_-]*[a-z\d_])?)*$/;

const dkimSelectorList = z
  .array(
    z
      .string({ error: MESSAGES.vendors.invalidDkimSelector })
      .trim()
      .toLowerCase()
      .max(V.dkimSelectorMaxLength, { error: MESSAGES.vendors.invalidDkimSelector })
      .regex(DKIM_SELECTOR, { error: MESSAGES.vendors.invalidDkimSelector }),
    { error: MESSAGES.vendors.invalidDkimSelector },
  )
  .max(V.maxDkimSelectors, { error: fill(MESSAGES.vendors.tooManyDkimSelectors, { max: V.maxDkimSelectors }) })
  .transform((values) => [...new Set(values)]);
const dkimSelectors = z.preprocess(splitLines, dkimSelectorList.default([]));

export const createVendorSchema = z.object({
  name,
  url: url.optional().default(''),
  description: description.optional().default(''),
  domains,
  dkimSelectors,
});
export type CreateVendorInput = z.input<typeof createVendorSchema>;
export type CreateVendor = z.output<typeof createVendorSchema>;

export const updateVendorSchema = z
  .object({ name, url, description, domains, dkimSelectors, ...vendorProgrammeUpdateFields })
  .partial()
  .refine(atLeastOneField, { error: MESSAGES.generic.nothingToUpdate });
export type UpdateVendor = z.output<typeof updateVendorSchema>;
