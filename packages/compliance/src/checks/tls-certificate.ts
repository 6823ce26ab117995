import { certificateRefusal } from '@vendorwatch/contracts';
import { ALL_METHODS, type Check } from '../check';
import { CERTIFICATE_WARNING_DAYS, daysToExpiry, expiresSoon, refusalCode } from '../posture/certificate';
import type { OriginTlsFacts } from '../posture/domain-facts';
import { type SubjectVerdict, judgeOrigins } from '../posture/domain-verdicts';

/**
 * One origin's certificate, as the posture's TLS probe read it (the start host's included: it is read
 * once per crawl, there). Each verdict is a sentence naming the host, so a report of one origin reads
 * as one sentence and a refusal is said in the crawl failure's plain words.
 */
function judgeCertificate(origin: OriginTlsFacts, checkedAt: string): SubjectVerdict {
  const certificate = origin.certificate;
  if (!certificate)
    return {
      outcome: 'not_checked',
      says: `No TLS handshake could be made with ${origin.origin} (${origin.error ?? 'no certificate'})`,
      evidence: [{ url: origin.origin, pageId: null, detail: origin.error ?? 'No certificate presented' }],
    };
  const { host } = origin;
  const names = certificate.subjectAltNames.join(', ');
  const days = daysToExpiry(certificate.validTo, checkedAt);
  const evidence = [
    {
      url: origin.origin,
      pageId: null,
      detail:
        `Subject ${certificate.subject}; issuer ${certificate.issuer}; names ${names || 'none'}; ` +
        `valid ${certificate.validFrom} to ${certificate.validTo}${certificate.trustError ? `; ${certificate.trustError}` : ''}`,
    },
  ];
  const fail = (says: string): SubjectVerdict => ({ outcome: 'fail', says, evidence });
  if (Date.parse(certificate.validTo) <= Date.parse(checkedAt))
    return fail(`The certificate for ${host} expired on ${certificate.validTo}`);
  if (Date.parse(certificate.validFrom) > Date.parse(checkedAt))
    return fail(`The certificate for ${host} is not valid before ${certificate.validFrom}`);
  const code = refusalCode(certificate);
  if (code) {
    // Browsers refuse it as the crawl did: said in plain words, with the TLS library's code behind it.
    const why = certificateRefusal(code) ?? 'it could not be verified';
    const issuedFor = certificate.trusted ? ` (${names || certificate.subject})` : '';
    return fail(`Browsers refuse the certificate for ${host}: ${why}${issuedFor} (${code})`);
  }
  if (expiresSoon(days))
    return {
      outcome: 'warn',
      says: `The certificate for ${host} expires in ${days} day${days === 1 ? '' : 's'} (${certificate.validTo})`,
      evidence,
    };
  return {
    outcome: 'pass',
    says: `Valid certificate for ${host} until ${certificate.validTo} (${days} days after the crawl)`,
    evidence,
  };
}

export const tlsCertificate: Check = {
  id: 'tls-certificate',
  // 2: judges every HTTPS origin's certificate as the posture read it (once), not the start host's alone.
  version: 2,
  group: 'tls',
  severity: 'critical',
  title: `Every HTTPS origin's certificate trusted, for its name, and not expiring within ${CERTIFICATE_WARNING_DAYS} days`,
  whyItMatters:
    'Browsers refuse a host whose certificate is expired, untrusted or for another name — the start page, a login, an API or the documentation alike — and teach users to click through warnings; an expiry in the coming weeks is an outage waiting to happen.',
  howToFix:
    'Give every host a certificate from a public CA that names it, and renew it automatically (for example with ACME) well before it expires; monitor the expiry dates.',
  methods: ALL_METHODS,
  evaluate: (crawl) =>
    judgeOrigins(
      crawl,
      (origin, posture) => judgeCertificate(origin, posture.checkedAt),
      (_origin, says) => says,
    ),
};
