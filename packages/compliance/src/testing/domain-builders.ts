import type {
  CertificateFacts,
  DnsLookup,
  DomainFacts,
  DomainPostureFacts,
  MtaStsPolicyFacts,
  OriginTlsFacts,
  SpfEvaluation,
} from '../posture/domain-facts';
import { CHECKED_AT, daysAfter } from './fixture-time';

/**
 * Fixture domain facts for check tests: `domainOf()` is vendor.test with every record right (SPF -all,
 * DMARC reject with reports, MX, MTA-STS enforce, TLS-RPT, CAA, DNSSEC, a DKIM key for selector s1),
 * `originOf()` an HTTPS origin with a trusted 2048-bit RSA/SHA-256 certificate refusing TLS 1.0/1.1.
 */

export const answered = <T>(name: string, type: string, records: T[]): DnsLookup<T> => ({
  name,
  type,
  status: 'answered',
  records,
});
export const empty = <T>(name: string, type: string, rcode: 'NXDOMAIN' | 'NODATA' = 'NXDOMAIN'): DnsLookup<T> => ({
  name,
  type,
  status: 'empty',
  rcode,
});
export const noAnswer = <T>(name: string, type: string, reason = 'timeout'): DnsLookup<T> => ({
  name,
  type,
  status: 'unanswered',
  reason,
});

export function spfOf(evaluation: Partial<SpfEvaluation> = {}): SpfEvaluation {
  return { result: 'fail', detail: null, lookups: 1, voidLookups: 0, ...evaluation };
}

export function mtaStsPolicyOf(domain: string, facts: Partial<MtaStsPolicyFacts> = {}): MtaStsPolicyFacts {
  const body = `version: STSv1\nmode: enforce\nmx: mx1.${domain}\nmax_age: 604800\n`;
  return {
    url: `https://mta-sts.${domain}/.well-known/mta-sts.txt`,
    statusCode: 200,
    body,
    policy: { mode: 'enforce', mx: [`mx1.${domain}`], maxAge: 604800 },
    unlistedMx: [],
    error: null,
    ...facts,
  };
}

export function domainOf(domain = 'vendor.test', facts: Partial<DomainFacts> = {}): DomainFacts {
  const dmarc = 'v=DMARC1; p=reject; rua=mailto:dmarc@' + domain;
  return {
    domain,
    primary: true,
    txt: answered(domain, 'TXT', [`v=spf1 include:_spf.${domain} -all`, 'google-site-verification=abc']),
    spf: spfOf(),
    dmarc: answered(`_dmarc.${domain}`, 'TXT', [dmarc]),
    dmarcRecord: { record: dmarc, tags: { v: 'DMARC1', p: 'reject', rua: `mailto:dmarc@${domain}` } },
    mx: answered(domain, 'MX', [{ exchange: `mx1.${domain}`, priority: 10 }]),
    mtaStsTxt: answered(`_mta-sts.${domain}`, 'TXT', ['v=STSv1; id=20260101']),
    mtaStsId: '20260101',
    mtaStsPolicy: mtaStsPolicyOf(domain),
    tlsRpt: answered(`_smtp._tls.${domain}`, 'TXT', [`v=TLSRPTv1; rua=mailto:tls@${domain}`]),
    caa: answered(domain, 'CAA', [{ flags: 0, tag: 'issue', value: 'letsencrypt.org' }]),
    dnskey: answered(domain, 'DNSKEY', ['flags 257, protocol 3, algorithm 13']),
    ds: answered(domain, 'DS', ['key tag 2371, algorithm 13, digest type 2']),
    dkim: [
      { selector: 's1', lookup: answered(`s1._domainkey.${domain}`, 'TXT', ['v=DKIM1; k=rsa; p=MIIBIjANBg']), key: 'present' },
    ],
    ...facts,
  };
}

/** Every DNS lookup of a domain unanswered: its server never replied. */
export function silentDomainOf(domain: string): DomainFacts {
  return {
    ...domainOf(domain, { primary: true }),
    txt: noAnswer(domain, 'TXT'),
    spf: { result: 'temperror', detail: 'DNS timeout', lookups: 0, voidLookups: 0 },
    dmarc: noAnswer(`_dmarc.${domain}`, 'TXT'),
    dmarcRecord: null,
    mx: noAnswer(domain, 'MX'),
    mtaStsTxt: noAnswer(`_mta-sts.${domain}`, 'TXT'),
    mtaStsId: null,
    mtaStsPolicy: null,
    tlsRpt: noAnswer(`_smtp._tls.${domain}`, 'TXT'),
    caa: noAnswer(domain, 'CAA'),
    dnskey: noAnswer(domain, 'DNSKEY'),
    ds: noAnswer(domain, 'DS'),
    dkim: [{ selector: 's1', lookup: noAnswer(`s1._domainkey.${domain}`, 'TXT'), key: null }],
  };
}

export function certificateOf(facts: Partial<CertificateFacts> = {}): CertificateFacts {
  return {
    subject: 'CN=www.vendor.test',
    issuer: 'CN=Test CA',
    subjectAltNames: ['www.vendor.test'],
    validFrom: daysAfter(CHECKED_AT, -60),
    validTo: daysAfter(CHECKED_AT, 300),
    trusted: true,
    trustError: null,
    coversHost: true,
    keyType: 'RSA',
    keyBits: 2048,
    signatureAlgorithm: 'sha256WithRSAEncryption',
    fingerprint256: 'AB:CD',
    ...facts,
  };
}

export function originOf(origin = 'https://www.vendor.test', facts: Partial<OriginTlsFacts> = {}): OriginTlsFacts {
  const url = new URL(origin);
  return {
    origin,
    host: url.hostname,
    port: Number(url.port || 443),
    error: null,
    certificate: certificateOf({ subject: `CN=${url.hostname}`, subjectAltNames: [url.hostname] }),
    protocols: [
      { version: 'TLSv1', accepted: false, detail: null },
      { version: 'TLSv1.1', accepted: false, detail: null },
      { version: 'TLSv1.2', accepted: true, detail: null },
      { version: 'TLSv1.3', accepted: true, detail: null },
    ],
    ...facts,
  };
}

export function domainPostureOf(facts: Partial<DomainPostureFacts> = {}): DomainPostureFacts {
  return {
    checkedAt: CHECKED_AT,
    domains: [domainOf()],
    dkimSelectors: ['s1'],
    origins: [originOf()],
    lookups: { queries: 14, cap: 500 },
    ...facts,
  };
}
