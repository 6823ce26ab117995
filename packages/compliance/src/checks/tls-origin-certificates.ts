import { certificateRefusal } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check } from '../check';
import type { DomainPostureFacts, OriginTlsFacts } from '../posture/domain-facts';
import { type SubjectVerdict, judgeOrigins, noHandshake } from '../posture/domain-verdicts';
import { CERTIFICATE_WARNING_DAYS } from './tls-certificate';

const DAY_MS = 86_400_000;

/** Whole days from when the facts were read to the certificate's end (negative once expired). */
export const daysToExpiry = (validTo: string, checkedAt: string) =>
  Math.floor((Date.parse(validTo) - Date.parse(checkedAt)) / DAY_MS);

function judgeCertificate(origin: OriginTlsFacts, checkedAt: string): SubjectVerdict {
  const certificate = origin.certificate;
  if (!certificate) return noHandshake(origin);
  const days = daysToExpiry(certificate.validTo, checkedAt);
  const evidence = [
    {
      url: origin.origin,
      pageId: null,
      detail:
        `Subject ${certificate.subject}; issuer ${certificate.issuer}; names ${certificate.subjectAltNames.join(', ') || 'none'}; ` +
        `valid ${certificate.validFrom} to ${certificate.validTo}${certificate.trustError ? `; ${certificate.trustError}` : ''}`,
    },
  ];
  const fail = (says: string): SubjectVerdict => ({ outcome: 'fail', says, evidence });
  if (days < 0 || Date.parse(certificate.validTo) <= Date.parse(checkedAt)) return fail(`expired on ${certificate.validTo}`);
  if (Date.parse(certificate.validFrom) > Date.parse(checkedAt)) return fail(`not valid before ${certificate.validFrom}`);
  if (!certificate.trusted) {
    const code = certificate.trustError ?? 'chain not accepted';
    return fail(`not trusted: ${certificateRefusal(code) ?? 'it could not be verified'} (${code})`);
  }
  if (!certificate.coversHost)
    return fail(`issued for ${certificate.subjectAltNames.join(', ') || certificate.subject}, not ${origin.host}`);
  if (days < CERTIFICATE_WARNING_DAYS)
    return { outcome: 'warn', says: `expires in ${days} day${days === 1 ? '' : 's'} (${certificate.validTo})`, evidence };
  return { outcome: 'pass', says: `valid until ${certificate.validTo} (${days} days)`, evidence };
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

export const tlsOriginCertificates: Check = {
  id: 'tls-origin-certificates',
  version: 1,
  group: 'tls',
  severity: 'high',
  title: `Every HTTPS origin's certificate trusted, for its name, and not expiring within ${CERTIFICATE_WARNING_DAYS} days`,
  whyItMatters:
    'Each HTTPS host of the vendor (login, API, documentation, shop) needs its own valid certificate: one expired, untrusted or issued for another name is an outage, and teaches users to click through warnings.',
  howToFix:
    'Give every host a certificate from a public CA that names it, and renew automatically (ACME) well before expiry; monitor the expiry dates.',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeOrigins(crawl, (origin, posture) => judgeCertificate(origin, posture.checkedAt)),
};
