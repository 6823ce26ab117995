import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { contentSecurityPolicy } from './content-security-policy';

const withCsp = (...headers: Record<string, string>[]) =>
  runCheck(
    contentSecurityPolicy,
    crawlOf({ pages: headers.map((h, i) => pageOf({ url: `https://www.vendor.test/${i}`, headers: h })) }),
  );

describe('content-security-policy', () => {
  it('passes a policy that restricts scripts, with nonces making unsafe-inline moot', () => {
    const result = withCsp(
      { 'content-security-policy': "default-src 'self'; object-src 'none'" },
      { 'content-security-policy': "script-src 'nonce-r4nd0m' 'unsafe-inline' 'strict-dynamic'; object-src 'none'" },
    );
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('A CSP restricting scripts on all 2 HTML pages');
    expect(result.evidence[0].detail).toBe("Content-Security-Policy restricts scripts: default-src 'self'; object-src 'none'");
  });

  it('fails a policy that lets inline scripts run, and names the page and the value', () => {
    const result = withCsp(
      { 'content-security-policy': "default-src 'self'; object-src 'none'" },
      { 'content-security-policy': "script-src 'self' 'unsafe-inline'" },
    );
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('No CSP restricting scripts on 1 of 2 HTML pages');
    expect(result.evidence).toEqual([
      expect.objectContaining({
        url: 'https://www.vendor.test/1',
        detail: expect.stringContaining("script-src 'self' 'unsafe-inline'"),
      }),
    ]);
  });

  it('fails when the policy is absent or only reported', () => {
    expect(withCsp({}).evidence[0].detail).toBe('Content-Security-Policy absent');
    expect(withCsp({ 'content-security-policy-report-only': "default-src 'self'" }).outcome).toBe('fail');
  });

  it("warns on 'unsafe-eval'", () => {
    expect(withCsp({ 'content-security-policy': "default-src 'none'; script-src 'self' 'unsafe-eval'" }).outcome).toBe('warn');
  });

  it('counts a policy delivered in <meta http-equiv>, combined with the header as browsers enforce both', () => {
    const meta = (...contentSecurityPolicy: string[]) => ({ metaPolicies: { contentSecurityPolicy, referrerPolicy: null } });
    const onlyMeta = runCheck(contentSecurityPolicy, crawlOf({ pages: [pageOf({ document: meta("default-src 'none'") })] }));
    expect(onlyMeta.outcome).toBe('pass');
    expect(onlyMeta.evidence[0].detail).toBe(
      "Content-Security-Policy restricts scripts, with default-src 'none': <meta> default-src 'none'",
    );
    const both = pageOf({ headers: { 'content-security-policy': 'default-src http:' }, document: meta('default-src https:') });
    expect(runCheck(contentSecurityPolicy, crawlOf({ pages: [both] })).evidence[0].detail).toBe(
      "Content-Security-Policy restricts scripts, with default-src 'none': default-src http: | <meta> default-src https:",
    );
  });

  it('judges only HTML pages that answered 2xx', () => {
    const pdf = pageOf({ url: 'https://www.vendor.test/a.pdf', contentType: 'application/pdf', document: null });
    const missing = pageOf({ url: 'https://www.vendor.test/gone', statusCode: 404 });
    expect(runCheck(contentSecurityPolicy, crawlOf({ pages: [pdf, missing] })).outcome).toBe('not_applicable');
  });
});
