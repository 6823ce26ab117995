import { runCheck } from '../run-check';
import { CHECKED_AT, crawlOf, daysAfter, tlsOf } from '../testing/builders';
import { tlsCertificate } from './tls-certificate';

const withTls = (facts: Parameters<typeof tlsOf>[0] | null) =>
  runCheck(tlsCertificate, crawlOf({ site: { tls: facts === null ? null : tlsOf(facts) } }));

describe('tls-certificate', () => {
  it('passes a trusted certificate with more than 30 days left, counted from when it was read', () => {
    const result = withTls({ validTo: daysAfter(CHECKED_AT, 90) });
    expect(result.outcome).toBe('pass');
    expect(result.summary).toContain('(90 days after the crawl)');
    expect(result.evidence[0].detail).toContain('issuer CN=Test CA');
  });

  it('warns when it expires within 30 days', () => {
    const result = withTls({ validTo: daysAfter(CHECKED_AT, 12) });
    expect(result.outcome).toBe('warn');
    expect(result.summary).toContain('expires in 12 days');
  });

  it('fails an expired certificate', () => {
    const result = withTls({ validTo: daysAfter(CHECKED_AT, -1), authorized: false, authorizationError: 'CERT_HAS_EXPIRED' });
    expect(result.outcome).toBe('fail');
    expect(result.summary).toContain('expired on');
  });

  it('fails a certificate the trust store refused', () => {
    const result = withTls({ authorized: false, authorizationError: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe(
      'Browsers refuse the certificate for www.vendor.test: it is issued for another name (ERR_TLS_CERT_ALTNAME_INVALID)',
    );
  });

  it('is not applicable when no TLS connection was made', () => {
    expect(withTls(null).outcome).toBe('not_applicable');
  });
});
