import { assess } from './assess';
import { homePageOf, indexOf } from './crawl-index';
import { compliantCrawlOf, crawlOf, pageOf } from './testing/builders';
import { urlIdentity } from './urls';

/** Ways a person types the start URL of https://www.vendor.test/ into the vendor form. */
const SPELLINGS = [
  'https://www.vendor.test/',
  'https://www.vendor.test',
  'https://WWW.Vendor.TEST/',
  'HTTPS://www.vendor.test:443',
  'https://www.vendor.test/#top',
  'https://www.vendor.test/?',
];

describe('the home page', () => {
  it.each(SPELLINGS)('is the stored page of the start URL spelt %s', (startUrl) => {
    const site = compliantCrawlOf();
    expect(indexOf({ ...site, startUrl }).home?.url).toBe('https://www.vendor.test/');
  });

  it('gives the same outcomes and the same rate whatever the spelling of the start URL', () => {
    const site = compliantCrawlOf(4);
    const verdicts = SPELLINGS.map((startUrl) => {
      const { checks, rate } = assess({ ...site, startUrl });
      return { rate, outcomes: Object.fromEntries(checks.map((check) => [check.checkId, check.outcome])) };
    });
    for (const verdict of verdicts) expect(verdict).toEqual(verdicts[0]);
    expect(verdicts[0]!.outcomes['privacy-policy-linked']).toBe('pass');
    expect(verdicts[0]!.outcomes['terms-linked']).toBe('pass');
  });

  it('is the page the start URL redirected to, stored under its own URL with the chain that led there', () => {
    const landing = pageOf({
      url: 'https://www.vendor.test/en',
      redirectChain: ['http://vendor.test/', 'https://www.vendor.test/'],
    });
    const crawl = crawlOf({ startUrl: 'http://Vendor.test', pages: [pageOf({ url: 'https://www.vendor.test/about' }), landing] });
    expect(indexOf(crawl).home).toBe(landing);
  });

  it('is the page that landed on the start URL when nothing was stored under it', () => {
    const landed = pageOf({ url: 'https://www.vendor.test/start?ref=1', finalUrl: 'https://www.vendor.test/' });
    expect(homePageOf('https://www.vendor.test', [landed])).toBe(landed);
  });

  it('is not a page of another host: localhost and 127.0.0.1 stay two hosts', () => {
    expect(homePageOf('http://localhost:8088/', [pageOf({ url: 'http://127.0.0.1:8088/' })])).toBeNull();
  });
});

describe('urlIdentity', () => {
  it('spells one page one way: scheme and host case, default port, fragment, trailing slash, parameter order', () => {
    expect(urlIdentity('HTTP://Example.TEST:80/a/?b=2&a=1#x')).toBe('http://example.test/a?a=1&b=2');
    expect(urlIdentity('http://127.0.0.1:8088')).toBe(urlIdentity('http://127.0.0.1:8088/'));
    expect(urlIdentity('http://127.0.0.1:8088/')).not.toBe(urlIdentity('http://127.0.0.1:8089/'));
    expect(urlIdentity('https://example.test/')).not.toBe(urlIdentity('http://example.test/'));
    expect(urlIdentity('mailto:a@example.test')).toBeNull();
    expect(urlIdentity('not a url')).toBeNull();
  });
});
