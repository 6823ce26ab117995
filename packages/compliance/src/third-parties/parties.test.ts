import { indexOf } from '../crawl-index';
import { crawlOf, HOME, pageOf } from '../testing/builders';
import { thirdPartiesOf } from './parties';

const REFERENCED = [
  'https://www.google-analytics.com/analytics.js',
  'https://cdn.jsdelivr.net/npm/lib@1/lib.min.js',
  'https://fastly.jsdelivr.net/npm/other@2/other.js',
  'https://widgets.unknown-partner.example/w.js',
  'https://api.unknown-partner.example/v1',
  `${HOME}assets/app.js`,
];

describe('third parties by company', () => {
  it('names Google Analytics (Google), a CDN and an unknown host, grouped by service, first-party hosts left out', () => {
    const pages = [
      pageOf({ document: { subresources: REFERENCED } }),
      pageOf({ url: `${HOME}about`, document: { subresources: REFERENCED.slice(0, 1) } }),
    ];
    const parties = thirdPartiesOf(indexOf(crawlOf({ pages })));
    expect(parties).toEqual([
      {
        key: 'Google Analytics',
        name: 'Google Analytics',
        company: 'Google',
        category: 'analytics',
        hosts: ['www.google-analytics.com'],
        pages: 2,
        requestedBeforeConsent: null,
        tracker: true,
        example: { pageId: `page:${HOME}`, url: HOME, resource: 'https://www.google-analytics.com/analytics.js' },
      },
      expect.objectContaining({
        key: 'JSDelivr CDN',
        company: 'JSDelivr CDN',
        category: 'cdn',
        hosts: ['cdn.jsdelivr.net', 'fastly.jsdelivr.net'],
        pages: 1,
        tracker: false,
      }),
      expect.objectContaining({
        key: 'domain:unknown-partner.example',
        name: 'unknown-partner.example',
        company: null,
        category: 'unknown',
        hosts: ['widgets.unknown-partner.example', 'api.unknown-partner.example'],
        pages: 1,
      }),
    ]);
  });

  it('says what the browser requested before consent; what only the HTML referenced was not requested', () => {
    const rendered = pageOf({
      browser: { requests: [{ url: 'https://www.google-analytics.com/analytics.js', resourceType: 'script' }] },
    });
    const parties = thirdPartiesOf(indexOf(crawlOf({ method: 'puppeteer', pages: [rendered] })));
    expect(parties.map(({ name, requestedBeforeConsent }) => ({ name, requestedBeforeConsent }))).toEqual([
      { name: 'Google Analytics', requestedBeforeConsent: true },
    ]);
  });
});
