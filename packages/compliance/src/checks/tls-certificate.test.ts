import { runCheck } from '../run-check';
import { certificateExpiries } from '../posture/certificate';
import { CHECKED_AT, crawlOf, daysAfter } from '../testing/builders';
import { certificateOf, domainPostureOf, originOf } from '../testing/domain-builders';
import { tlsCertificate } from './tls-certificate';

/** A crawl whose posture read one origin's certificate (the start host's by default). */
const withCertificate = (facts: Parameters<typeof certificateOf>[0], origin = 'https://www.vendor.test') =>
  runCheck(
    tlsCertificate,
    crawlOf({ domainPosture: domainPostureOf({ origins: [originOf(origin, { certificate: certificateOf(facts) })] }) }),
  );

describe('tls-certificate', () => {
  it('passes a trusted certificate for the host with more than 30 days left, counted from when it was read', () => {
    const result = withCertificate({ validTo: daysAfter(CHECKED_AT, 90) });
    expect(result).toMatchObject({ outcome: 'pass', group: 'tls', severity: 'critical' });
    expect(result.summary).toBe(
      `Valid certificate for www.vendor.test until ${daysAfter(CHECKED_AT, 90)} (90 days after the crawl)`,
    );
    expect(result.evidence[0]).toMatchObject({
      url: 'https://www.vendor.test',
      detail: expect.stringContaining('issuer CN=Test CA'),
    });
  });

  it('warns when it expires within 30 days, the 30th day included', () => {
    expect(withCertificate({ validTo: daysAfter(CHECKED_AT, 12) }).summary).toBe(
      `The certificate for www.vendor.test expires in 12 days (${daysAfter(CHECKED_AT, 12)})`,
    );
    expect(withCertificate({ validTo: daysAfter(CHECKED_AT, 30) }).outcome).toBe('warn');
    expect(withCertificate({ validTo: daysAfter(CHECKED_AT, 31) }).outcome).toBe('pass');
  });

  it('fails expired and not yet valid certificates', () => {
    const expired = withCertificate({ validTo: daysAfter(CHECKED_AT, -1), trusted: false, trustError: 'CERT_HAS_EXPIRED' });
    expect(expired).toMatchObject({
      outcome: 'fail',
      summary: expect.stringMatching(/^The certificate for www\.vendor\.test expired on /),
    });
    expect(withCertificate({ validFrom: daysAfter(CHECKED_AT, 1) }).summary).toMatch(/is not valid before/);
  });

  it('fails a certificate browsers refuse, in the plain words the crawl failure uses', () => {
    expect(withCertificate({ trusted: false, trustError: 'DEPTH_ZERO_SELF_SIGNED_CERT' }).summary).toBe(
      'Browsers refuse the certificate for www.vendor.test: it is self-signed: no certificate authority vouches for it (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
    expect(withCertificate({ coversHost: false, subjectAltNames: ['other.test'] }).summary).toBe(
      'Browsers refuse the certificate for www.vendor.test: it is issued for another name (other.test) (ERR_TLS_CERT_ALTNAME_INVALID)',
    );
  });

  it('judges every HTTPS origin once: the worst decides, each failing origin is a finding of its own', () => {
    const posture = domainPostureOf({
      origins: [
        originOf('https://www.vendor.test'),
        originOf('https://api.vendor.test', {
          certificate: certificateOf({ trusted: false, trustError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
        }),
        originOf('https://docs.vendor.test', { certificate: null, error: 'timeout' }),
      ],
    });
    const result = runCheck(tlsCertificate, crawlOf({ domainPosture: posture }));
    expect(result.outcome).toBe('fail');
    expect(result.summary.split('; ')).toEqual([
      expect.stringMatching(/^Valid certificate for www\.vendor\.test until /),
      expect.stringMatching(
        /^Browsers refuse the certificate for api\.vendor\.test: it is from an unknown certificate authority/,
      ),
      'No TLS handshake could be made with https://docs.vendor.test (timeout)',
    ]);
    expect(result.evidence.map((evidence) => evidence.url)).toEqual([
      'https://www.vendor.test',
      'https://api.vendor.test',
      'https://docs.vendor.test',
    ]);
  });

  it('could not be checked when the posture was not read, and does not apply when no HTTPS origin was met', () => {
    expect(runCheck(tlsCertificate, crawlOf()).outcome).toBe('not_checked');
    expect(runCheck(tlsCertificate, crawlOf({ domainPosture: domainPostureOf({ origins: [] }) })).outcome).toBe('not_applicable');
  });

  it("gives each origin's days to expiry for alerts and the dashboard, by the same day arithmetic", () => {
    const posture = domainPostureOf({
      origins: [
        originOf('https://a.vendor.test', { certificate: certificateOf({ validTo: daysAfter(CHECKED_AT, 7) }) }),
        originOf('https://b.vendor.test', { certificate: null, error: 'timeout' }),
      ],
    });
    expect(certificateExpiries(posture)).toEqual([
      { origin: 'https://a.vendor.test', host: 'a.vendor.test', validTo: daysAfter(CHECKED_AT, 7), daysLeft: 7 },
    ]);
    expect(runCheck(tlsCertificate, crawlOf({ domainPosture: posture })).summary).toMatch(
      /^The certificate for a\.vendor\.test expires in 7 days/,
    );
  });
});
