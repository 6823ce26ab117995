import { runCheck } from '../run-check';
import { CHECKED_AT, crawlOf, daysAfter } from '../testing/builders';
import { certificateOf, domainPostureOf, originOf } from '../testing/domain-builders';
import { certificateExpiries, tlsOriginCertificates } from './tls-origin-certificates';

const withCertificate = (facts: Parameters<typeof certificateOf>[0]) =>
  runCheck(
    tlsOriginCertificates,
    crawlOf({
      domainPosture: domainPostureOf({ origins: [originOf('https://api.vendor.test', { certificate: certificateOf(facts) })] }),
    }),
  );

describe('tls-origin-certificates', () => {
  it('passes a trusted certificate for the host, valid 30 days or more after the facts were read', () => {
    const result = withCertificate({ subjectAltNames: ['api.vendor.test'] });
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].url).toBe('https://api.vendor.test');
  });

  it('warns within 30 days of expiry, counted from when the facts were read', () => {
    const result = withCertificate({ validTo: daysAfter(CHECKED_AT, 12) });
    expect(result.outcome).toBe('warn');
    expect(result.summary).toMatch(/^https:\/\/api\.vendor\.test: expires in 12 days/);
  });

  it('fails expired, not yet valid, untrusted and wrong-name certificates', () => {
    expect(withCertificate({ validTo: daysAfter(CHECKED_AT, -1) }).summary).toMatch(/expired on/);
    expect(withCertificate({ validFrom: daysAfter(CHECKED_AT, 1) }).outcome).toBe('fail');
    expect(withCertificate({ trusted: false, trustError: 'DEPTH_ZERO_SELF_SIGNED_CERT' }).summary).toBe(
      'https://api.vendor.test: not trusted: it is self-signed: no certificate authority vouches for it (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
    expect(withCertificate({ coversHost: false, subjectAltNames: ['other.test'] }).summary).toBe(
      'https://api.vendor.test: issued for other.test, not api.vendor.test',
    );
  });

  it("gives each origin's days to expiry for alerts", () => {
    const posture = domainPostureOf({
      origins: [
        originOf('https://a.vendor.test', { certificate: certificateOf({ validTo: daysAfter(CHECKED_AT, 7) }) }),
        originOf('https://b.vendor.test', { certificate: null, error: 'timeout' }),
      ],
    });
    expect(certificateExpiries(posture)).toEqual([
      { origin: 'https://a.vendor.test', host: 'a.vendor.test', validTo: daysAfter(CHECKED_AT, 7), daysLeft: 7 },
    ]);
  });
});
