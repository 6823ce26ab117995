import { runCheck } from '../run-check';
import { crawlOf, HOME, httpEntryOf } from '../testing/builders';
import { httpRedirectsToHttps } from './http-redirects-to-https';

const withEntry = (entry: Parameters<typeof httpEntryOf>[0] | null) =>
  runCheck(httpRedirectsToHttps, crawlOf({ site: { httpEntry: entry === null ? null : httpEntryOf(entry) } }));

describe('http-redirects-to-https', () => {
  it('passes when http:// redirects straight to the same host on https', () => {
    const result = withEntry({});
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe(`http://www.vendor.test/ redirects to ${HOME}`);
    expect(result.evidence.map((e) => e.detail)).toEqual([`301 → ${HOME}`, '200 (final)']);
  });

  it('fails when http:// answers with content instead of a redirect', () => {
    const result = withEntry({
      hops: [{ url: 'http://www.vendor.test/', statusCode: 200, location: null }],
      finalUrl: 'http://www.vendor.test/',
    });
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('http://www.vendor.test/ answers 200 without redirecting to HTTPS');
  });

  it('fails when the redirects end on plain HTTP', () => {
    const result = withEntry({
      hops: [
        { url: 'http://www.vendor.test/', statusCode: 302, location: 'http://www.vendor.test/en/' },
        { url: 'http://www.vendor.test/en/', statusCode: 200, location: null },
      ],
      finalUrl: 'http://www.vendor.test/en/',
    });
    expect(result.outcome).toBe('fail');
  });

  it('warns when the first hop goes to another HTTP address before reaching HTTPS', () => {
    const result = withEntry({
      hops: [
        { url: 'http://www.vendor.test/', statusCode: 301, location: 'http://www.vendor.test/en/' },
        { url: 'http://www.vendor.test/en/', statusCode: 301, location: 'https://www.vendor.test/en/' },
        { url: 'https://www.vendor.test/en/', statusCode: 200, location: null },
      ],
      finalUrl: 'https://www.vendor.test/en/',
    });
    expect(result.outcome).toBe('warn');
  });

  it('warns when the first hop leaves the host, so HSTS never reaches it', () => {
    const result = withEntry({
      hops: [
        { url: 'http://vendor.test/', statusCode: 301, location: 'https://www.vendor.test/' },
        { url: 'https://www.vendor.test/', statusCode: 200, location: null },
      ],
      requestedUrl: 'http://vendor.test/',
    });
    expect(result.outcome).toBe('warn');
    expect(result.summary).toContain('leaves vendor.test for www.vendor.test');
  });

  it('passes when nothing answers on plain HTTP', () => {
    const result = withEntry({ hops: [], finalUrl: null, error: 'ECONNREFUSED' });
    expect(result.outcome).toBe('pass');
    expect(result.summary).toContain('does not answer (ECONNREFUSED)');
  });

  it('is not applicable when the HTTP address was not requested', () => {
    expect(withEntry(null).outcome).toBe('not_applicable');
  });
});
