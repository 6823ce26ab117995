import { CERTIFICATE_EXPIRY_WARNING_DAYS } from '@vendorwatch/contracts';
import type { CertificateFacts, DomainPostureFacts, OriginTlsFacts } from './domain-facts';

/**
 * The one reading of a certificate's dates and trust, shared by the certificate check, HSTS (which
 * browsers ignore on a refused certificate), the dashboard and the expiry alerts: each origin's
 * certificate is read once per crawl by the posture's TLS probe, into CertificateFacts.
 */

/** A certificate with this many days left, or fewer, warns (and counts as expiring on the dashboard). */
export const CERTIFICATE_WARNING_DAYS = CERTIFICATE_EXPIRY_WARNING_DAYS;

const DAY_MS = 86_400_000;

/** Whole days from when the facts were read to the certificate's end (negative once expired); never "now". */
export const daysToExpiry = (validTo: string, checkedAt: string): number =>
  Math.floor((Date.parse(validTo) - Date.parse(checkedAt)) / DAY_MS);

/** Whether a certificate with these days left expires soon enough to warn. */
export const expiresSoon = (daysLeft: number): boolean => daysLeft <= CERTIFICATE_WARNING_DAYS;

/**
 * The TLS library's code for why browsers refuse the certificate (as the crawl did), or null when they
 * accept it: an untrusted chain (expired, self-signed, unknown authority …) or a certificate for another name.
 */
export function refusalCode(certificate: CertificateFacts): string | null {
  if (!certificate.trusted) return certificate.trustError ?? 'chain not accepted';
  if (!certificate.coversHost) return 'ERR_TLS_CERT_ALTNAME_INVALID';
  return null;
}

/** The origin whose certificate covers a URL's scheme, host and port, when the posture read it. */
export function originFor(posture: DomainPostureFacts | null, url: string): OriginTlsFacts | null {
  if (!posture) return null;
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return null;
  }
  return posture.origins.find((candidate) => candidate.origin === origin) ?? null;
}

/** Days to expiry of each origin's certificate, for alerts ("certificate expires within N days") and the dashboard. */
export function certificateExpiries(
  posture: DomainPostureFacts,
): { origin: string; host: string; validTo: string; daysLeft: number }[] {
  return posture.origins.flatMap((origin) =>
    origin.certificate
      ? [
          {
            origin: origin.origin,
            host: origin.host,
            validTo: origin.certificate.validTo,
            daysLeft: daysToExpiry(origin.certificate.validTo, posture.checkedAt),
          },
        ]
      : [],
  );
}
