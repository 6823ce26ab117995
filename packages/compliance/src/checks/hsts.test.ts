import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { certificateOf, domainPostureOf, originOf } from '../testing/domain-builders';
import { hsts } from './hsts';

const withHsts = (...values: (string | undefined)[]) =>
  runCheck(
    hsts,
    crawlOf({
      pages: values.map((value, i) =>
        pageOf({
          url: `https://www.vendor.test/${i}`,
          headers: value === undefined ? {} : { 'strict-transport-security': value },
        }),
      ),
    }),
  );

describe('hsts', () => {
  it('passes with a max-age of at least six months (the Observatory accepts 15 552 000 s)', () => {
    const result = withHsts('max-age=15552000', 'max-age=63072000; includeSubDomains; preload');
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('Strict-Transport-Security: max-age=15552000');
  });

  it('warns when max-age is shorter than six months', () => {
    const result = withHsts('max-age=15552000', 'max-age=86400');
    expect(result.outcome).toBe('warn');
    expect(result.summary).toBe('HSTS with max-age under 6 months on 1 of 2 HTTPS pages');
    expect(result.evidence[0].detail).toBe('Strict-Transport-Security: max-age=86400 (max-age under 6 months)');
  });

  it('fails when a page sends no header, or one without max-age, or the header twice', () => {
    expect(withHsts(undefined).evidence[0].detail).toBe('Strict-Transport-Security: absent');
    expect(withHsts('includeSubDomains').outcome).toBe('fail');
    expect(withHsts('max-age=31536000, max-age=31536000').outcome).toBe('fail');
    const mixed = withHsts('max-age=31536000', undefined, 'max-age=60');
    expect(mixed.outcome).toBe('fail');
    expect(mixed.summary).toBe(
      'No valid HSTS header on 1 of 3 HTTPS pages; HSTS with max-age under 6 months on 1 of 3 HTTPS pages',
    );
  });

  it('fails when no HTML page is served over HTTPS, as the Observatory does', () => {
    const page = pageOf({ url: 'http://www.vendor.test/' });
    expect(runCheck(hsts, crawlOf({ startUrl: 'http://www.vendor.test/', pages: [page] })).outcome).toBe('fail');
  });

  it('is not applicable when no HTML page answered', () => {
    expect(runCheck(hsts, crawlOf({ pages: [pageOf({ statusCode: 500, document: null })] })).outcome).toBe('not_applicable');
  });
  it('fails HSTS sent over a certificate browsers do not trust: they ignore it', () => {
    const page = pageOf({ headers: { 'strict-transport-security': 'max-age=31536000' } });
    const untrusted = certificateOf({ trusted: false, trustError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    const result = runCheck(
      hsts,
      crawlOf({ pages: [page], domainPosture: domainPostureOf({ origins: [originOf(undefined, { certificate: untrusted })] }) }),
    );
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0].detail).toBe(
      'Strict-Transport-Security: max-age=31536000 (ignored by browsers: the certificate is not trusted, DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
  });

  it('fails HSTS sent over a certificate for another name, and trusts it on the hosts whose certificate is good', () => {
    const page = pageOf({ headers: { 'strict-transport-security': 'max-age=31536000' } });
    const posture = (certificate: ReturnType<typeof certificateOf>) =>
      domainPostureOf({ origins: [originOf(undefined, { certificate }), originOf('https://api.vendor.test')] });
    const wrongName = runCheck(hsts, crawlOf({ pages: [page], domainPosture: posture(certificateOf({ coversHost: false })) }));
    expect(wrongName.evidence[0].detail).toMatch(/not trusted, ERR_TLS_CERT_ALTNAME_INVALID\)$/);
    expect(runCheck(hsts, crawlOf({ pages: [page], domainPosture: posture(certificateOf()) })).outcome).toBe('pass');
  });
});
