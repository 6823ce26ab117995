import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { trackersBeforeConsent } from './trackers-before-consent';

const requesting = (...urls: string[]) => pageOf({ browser: { requests: urls.map((url) => ({ url, resourceType: 'script' })) } });

describe('trackers-before-consent', () => {
  it('passes when the browser requested no advertising, analytics, social or marketing host', () => {
    const page = requesting(
      'https://cdn.vendor.test/app.js',
      'https://fonts.googleapis.com/css2',
      'https://www.googletagmanager.com/gtm.js',
    );
    const result = runCheck(trackersBeforeConsent, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('No ad, analytics, social, marketing hosts were requested before consent on 1 rendered page');
  });

  it('fails naming each tracker host (sorted by host) with its company and category', () => {
    const page = requesting(
      'https://www.google-analytics.com/g/collect?v=2',
      'https://snap.licdn.com/li.lms-analytics/insight.min.js',
    );
    const result = runCheck(trackersBeforeConsent, crawlOf({ method: 'puppeteer', pages: [page] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('2 tracker hosts loaded before consent: LinkedIn Ads, Google Analytics');
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'snap.licdn.com: LinkedIn Ads (ad) — https://snap.licdn.com/li.lms-analytics/insight.min.js',
      'www.google-analytics.com: Google Analytics (analytics) — https://www.google-analytics.com/g/collect?v=2',
    ]);
  });

  it("does not count the vendor's own analytics host as a third-party tracker", () => {
    const page = requesting('https://www.google-analytics.com/analytics.js');
    const crawl = crawlOf({
      method: 'puppeteer',
      startUrl: 'https://www.google-analytics.com/',
      pages: [{ ...page, url: 'https://www.google-analytics.com/' }],
    });
    expect(runCheck(trackersBeforeConsent, crawl).outcome).toBe('pass');
  });

  it('is not applicable for methods without a browser, and says why', () => {
    const result = runCheck(trackersBeforeConsent, crawlOf({ method: 'http' }));
    expect(result.outcome).toBe('not_applicable');
    expect(result.summary).toBe('Needs the browser (puppeteer) or adaptive method');
  });

  it('is not applicable when no page was rendered', () => {
    expect(runCheck(trackersBeforeConsent, crawlOf({ method: 'puppeteer' })).outcome).toBe('not_applicable');
  });
});
