import { runCheck } from '../run-check';
import { CHECKED_AT, crawlOf, daysAfter, securityTxtOf } from '../testing/builders';
import { securityTxt } from './security-txt';

const withFile = (facts: Parameters<typeof securityTxtOf>[0] | null) =>
  runCheck(securityTxt, crawlOf({ site: { securityTxt: facts === null ? null : securityTxtOf(facts) } }));
const body = (...lines: string[]) => lines.join('\n');

describe('security-txt', () => {
  it('passes with a Contact and an Expires less than a year after it was read', () => {
    const result = withFile({});
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('security.txt names 1 contact and expires in 180 days');
    expect(result.evidence.map((e) => e.detail)).toContain('Contact: mailto:security@vendor.test');
  });

  it('reads a PGP-signed file with comments', () => {
    const signed = body(
      '-----BEGIN PGP SIGNED MESSAGE-----',
      'Hash: SHA256',
      '',
      '# Our security contacts',
      'Contact: https://vendor.test/security',
      `Expires: ${daysAfter(CHECKED_AT, 30)}`,
      '-----BEGIN PGP SIGNATURE-----',
    );
    expect(withFile({ body: signed }).outcome).toBe('pass');
  });

  it('fails when it expired before the crawl read it', () => {
    const result = withFile({ body: body('Contact: mailto:s@vendor.test', `Expires: ${daysAfter(CHECKED_AT, -1)}`) });
    expect(result.outcome).toBe('fail');
    expect(result.summary).toMatch(/^security.txt expired on /);
  });

  it('fails without Contact or Expires, with two Expires, or with an unreadable date', () => {
    expect(withFile({ body: `Expires: ${daysAfter(CHECKED_AT, 30)}` }).summary).toBe('security.txt has no Contact field');
    expect(withFile({ body: 'Contact: mailto:s@vendor.test' }).outcome).toBe('fail');
    const twice = `Expires: ${daysAfter(CHECKED_AT, 30)}`;
    expect(withFile({ body: body('Contact: mailto:s@vendor.test', twice, twice) }).outcome).toBe('fail');
    expect(withFile({ body: body('Contact: mailto:s@vendor.test', 'Expires: soon') }).outcome).toBe('fail');
  });

  it('fails when missing, or when the answer is an HTML page rather than a security.txt', () => {
    expect(withFile({ statusCode: 404, body: null }).summary).toBe(
      'No security.txt at https://www.vendor.test/.well-known/security.txt (HTTP 404)',
    );
    expect(withFile({ statusCode: null, body: null, error: 'ETIMEDOUT' }).outcome).toBe('fail');
    expect(withFile({ contentType: 'text/html', body: '<html><body>Welcome</body></html>' }).outcome).toBe('fail');
  });

  it('warns when Expires is more than a year ahead, or it is not served as text/plain', () => {
    const far = withFile({ body: body('Contact: mailto:s@vendor.test', `Expires: ${daysAfter(CHECKED_AT, 400)}`) });
    expect(far.outcome).toBe('warn');
    expect(far.summary).toBe('security.txt expires 400 days ahead, more than the year RFC 9116 recommends');
    expect(withFile({ contentType: 'application/octet-stream' }).outcome).toBe('warn');
  });

  it('is not applicable when it was not requested', () => {
    expect(withFile(null).outcome).toBe('not_applicable');
  });
});
