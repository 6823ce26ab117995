import { isUnderPublicSuffix, registrableDomainOf } from '@vendorwatch/compliance';
import { LIMITS } from '@vendorwatch/contracts';

/** A vendor lists at most this many domains (the API refuses more); more are ignored here, never an error. */
export const MAX_VENDOR_DOMAINS = LIMITS.vendor.maxDomains;
/** At most this many HTTPS origins are probed per crawl: each costs five handshakes. */
export const MAX_PROBED_ORIGINS = 20;

/**
 * The vendor's domains, primary first: those the user listed (lower-cased, de-duplicated, at most
 * 20), else the registrable domain of the crawl's start URL. Unless the operator allows private
 * networks (`internalNames`), only names under a public suffix are read: `corp.internal` or
 * `svc.cluster.local` — the default domain of a start URL on an internal host, or a domain stored
 * before the API refused them — would be answered by the operator's internal resolver alone.
 */
export function vendorDomains(
  startUrl: string,
  listed: readonly string[] = [],
  { internalNames }: { internalNames: boolean } = { internalNames: false },
): string[] {
  const readable = (domain: string) => internalNames || isUnderPublicSuffix(domain);
  const domains = [...new Set(listed.map((domain) => domain.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))];
  if (domains.length) return domains.filter(readable).slice(0, MAX_VENDOR_DOMAINS);
  const primary = registrableDomainOf(startUrl);
  return primary && readable(primary) ? [primary] : [];
}

/**
 * The HTTPS origins on the vendor's domains (the domain itself or a subdomain), in the order given,
 * at most 20. A start host without a registrable domain (an address, as in a local demo) is the
 * vendor's site all the same: its origins count too.
 */
export function originsOnDomains(origins: readonly string[], domains: readonly string[], startUrl: string): string[] {
  const startHost = registrableDomainOf(startUrl) ? null : hostOf(startUrl);
  const onDomains = origins.filter((origin) => {
    const host = hostOf(origin);
    return host === startHost || domains.some((domain) => host === domain || host?.endsWith(`.${domain}`));
  });
  return onDomains.slice(0, MAX_PROBED_ORIGINS);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
