import { findingsDiff } from '../changes/findings-diff';
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
    expect(result.summary).toBe(
      '2 third-party hosts referenced in the HTML, run by 1 known company (Hotjar) and 1 unknown: static.hotjar.com, unknown-widget.example',
    );
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'static.hotjar.com: Hotjar (analytics) — company Hotjar, on 1 page, e.g. https://static.hotjar.com/c/hotjar.js',
      'unknown-widget.example: not in third-party-web, on 1 page, e.g. https://unknown-widget.example/w.js',
    ]);
  });

  it("uses the browser's requests when the page was rendered", () => {
    const page = pageOf({
      document: { subresources: ['https://referenced-only.example/a.js'] },
      browser: { requests: [{ url: 'https://requested.example/b.js', resourceType: 'script' }] },
    });
    const result = runCheck(thirdPartyHostsCheck, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.summary).toBe('1 third-party host requested by the browser, run by 1 unknown: requested.example');
  });

  it('names the company behind each service: Google for Google Analytics and Tag Manager, the CDN by its own name', () => {
    const page = pageOf({
      document: {
        subresources: [
          'https://www.google-analytics.com/analytics.js',
          'https://www.googletagmanager.com/gtag/js?id=G-1',
          'https://cdn.jsdelivr.net/npm/lib@1/lib.min.js',
        ],
      },
    });
    const result = runCheck(thirdPartyHostsCheck, crawlOf({ pages: [page] }));
    expect(result.summary).toBe(
      '3 third-party hosts referenced in the HTML, run by 2 known companies (JSDelivr CDN, Google): cdn.jsdelivr.net, www.google-analytics.com, www.googletagmanager.com',
    );
    expect(result.evidence.map((e) => e.detail.split(', on ')[0])).toEqual([
      'cdn.jsdelivr.net: JSDelivr CDN (cdn) — company JSDelivr CDN',
      'www.google-analytics.com: Google Analytics (analytics) — company Google',
      'www.googletagmanager.com: Google Tag Manager (tag-manager) — company Google',
    ]);
  });

  it('warns when more than 20 third parties are contacted', () => {
    const page = pageOf({ document: { subresources: Array.from({ length: 21 }, (_, i) => `https://host${i}.example/x.js`) } });
    const result = runCheck(thirdPartyHostsCheck, crawlOf({ pages: [page] }));
    expect(result.outcome).toBe('warn');
    expect(result.evidenceTotal).toBe(21);
  });

  it('names each host as a finding once it warns, so one more third party is a new finding of a check still warning (issue 38.9)', () => {
    const judged = (count: number) =>
      runCheck(
        thirdPartyHostsCheck,
        crawlOf({
          pages: [
            pageOf({ document: { subresources: Array.from({ length: count }, (_, i) => `https://host${i}.example/x.js`) } }),
          ],
        }),
      );
    const [before, after] = [judged(21), judged(22)];
    expect(before.findings).toHaveLength(21);
    const diff = findingsDiff([{ ...before, title: 'Third parties' }], [{ ...after, title: 'Third parties' }]);
    expect(diff.new.map((finding) => [finding.previousOutcome, finding.outcome, finding.newFindings])).toEqual([
      ['warn', 'warn', ['host21.example']],
    ]);
  });

  it('passes with an empty list when everything is first-party, and is not applicable without HTML pages', () => {
    expect(runCheck(thirdPartyHostsCheck, crawlOf()).summary).toBe('0 third-party hosts referenced in the HTML');
    expect(runCheck(thirdPartyHostsCheck, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
