import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { thirdPartyHostsCheck } from './third-party-hosts';

describe('third-party-hosts', () => {
  it('lists third-party hosts by registrable domain: cdn.vendor.test is first-party for www.vendor.test', () => {
    const page = pageOf({
      document: {
        subresources: [
          'https://cdn.vendor.test/app.js',
          'https://static.hotjar.com/c/hotjar.js',
          'https://unknown-widget.example/w.js',
          'https://static.hotjar.com/c/other.js',
          'data:image/png;base64,AAAA',
        ],
      },
    });
    const result = runCheck(thirdPartyHostsCheck, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('2 third-party hosts referenced in the HTML: static.hotjar.com, unknown-widget.example');
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'static.hotjar.com: Hotjar (analytics), on 1 page, e.g. https://static.hotjar.com/c/hotjar.js',
      'unknown-widget.example: not in third-party-web, on 1 page, e.g. https://unknown-widget.example/w.js',
    ]);
  });

  it("uses the browser's requests when the page was rendered", () => {
    const page = pageOf({
      document: { subresources: ['https://referenced-only.example/a.js'] },
      browser: { requests: [{ url: 'https://requested.example/b.js', resourceType: 'script' }] },
    });
    const result = runCheck(thirdPartyHostsCheck, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.summary).toBe('1 third-party host requested by the browser: requested.example');
  });

  it('warns when more than 20 third parties are contacted', () => {
    const page = pageOf({ document: { subresources: Array.from({ length: 21 }, (_, i) => `https://host${i}.example/x.js`) } });
    const result = runCheck(thirdPartyHostsCheck, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('warn');
    expect(result.evidenceTotal).toBe(21);
  });

  it('passes with an empty list when everything is first-party, and is not applicable without HTML pages', () => {
    expect(runCheck(thirdPartyHostsCheck, crawlOf()).summary).toBe('0 third-party hosts referenced in the HTML');
    expect(runCheck(thirdPartyHostsCheck, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
