import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { mixedContent } from './mixed-content';

describe('mixed-content', () => {
  it('passes when HTTPS pages reference and request nothing over http:', () => {
    const page = pageOf({ browser: { requests: [{ url: 'https://cdn.vendor.test/app.js', resourceType: 'script' }] } });
    expect(runCheck(mixedContent, crawlOf({ method: 'puppeteer', pages: [page] })).outcome).toBe('pass');
  });

  it('fails on http: subresources in the HTML of an HTTPS page', () => {
    const page = pageOf({ document: { mixedContent: ['http://cdn.vendor.test/app.js', 'http://img.test/a.png'] } });
    const result = runCheck(mixedContent, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0].detail).toBe('The HTML references over http: http://cdn.vendor.test/app.js, http://img.test/a.png');
  });

  it('fails on http: requests the browser made from an HTTPS page', () => {
    const page = pageOf({ browser: { requests: [{ url: 'http://tracker.test/pixel.gif', resourceType: 'image' }] } });
    const result = runCheck(mixedContent, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0].detail).toBe('The browser requested over http: http://tracker.test/pixel.gif');
  });

  it('warns when the CSP upgrades the insecure references', () => {
    const page = pageOf({
      headers: { 'content-security-policy': 'upgrade-insecure-requests' },
      document: { mixedContent: ['http://cdn.vendor.test/app.js'] },
    });
    expect(runCheck(mixedContent, crawlOf({ pages: [page] })).outcome).toBe('warn');
  });

  it('is not applicable when no page is served over HTTPS', () => {
    const page = pageOf({ url: 'http://www.vendor.test/', document: { mixedContent: [] } });
    expect(runCheck(mixedContent, crawlOf({ startUrl: page.url, pages: [page] })).outcome).toBe('not_applicable');
  });
});
