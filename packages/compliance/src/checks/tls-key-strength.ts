import { ALL_METHODS, type Check } from '../check';
import type { OriginTlsFacts } from '../posture/domain-facts';
import { type SubjectVerdict, judgeOrigins, noHandshake } from '../posture/domain-verdicts';

/** NIST SP 800-131A: RSA keys below 2048 bits and SHA-1 (or MD5) signatures are no longer acceptable. */
export const MIN_RSA_BITS = 2048;
const WEAK_SIGNATURE = /sha-?1\b|sha1|md5|md2/i;

function judgeKey(origin: OriginTlsFacts): SubjectVerdict {
  const certificate = origin.certificate;
  if (!certificate) return noHandshake(origin);
  const key = `${certificate.keyType}${certificate.keyBits ? ` ${certificate.keyBits}-bit` : ''}`;
  const evidence = [
    {
      url: origin.origin,
      pageId: null,
      detail: `Key ${key}; signature ${certificate.signatureAlgorithm}; SHA-256 fingerprint ${certificate.fingerprint256}`,
    },
  ];
  const problems = [
    certificate.keyType === 'RSA' && certificate.keyBits !== null && certificate.keyBits < MIN_RSA_BITS
      ? `an RSA key of ${certificate.keyBits} bits`
      : '',
    WEAK_SIGNATURE.test(certificate.signatureAlgorithm) ? `a ${certificate.signatureAlgorithm} signature` : '',
  ].filter(Boolean);
  if (problems.length) return { outcome: 'fail', says: problems.join(' and '), evidence };
  return { outcome: 'pass', says: `${key} key, ${certificate.signatureAlgorithm}`, evidence };
}

export const tlsKeyStrength: Check = {
  id: 'tls-key-strength',
  version: 1,
  group: 'tls',
  severity: 'high',
  title: 'Certificate keys of at least 2048 bits (RSA) and no SHA-1 signatures',
  whyItMatters:
    'An RSA key under 2048 bits can be factored with rented computing power, and SHA-1 signatures can be forged (chosen-prefix collisions): either lets an attacker impersonate the site.',
  howToFix: 'Reissue the certificate with an RSA key of 2048 bits or more (or an ECDSA P-256 key) and a SHA-256 signature.',
  methods: ALL_METHODS,
  evaluate: (crawl) => judgeOrigins(crawl, judgeKey),
};
