import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { brokenInternalLinks } from './broken-internal-links';

const url = (path: string) => `https://www.vendor.test${path}`;

describe('broken-internal-links', () => {
  it('passes when no page answered with an error', () => {
    const pages = [pageOf({ links: [url('/a')] }), pageOf({ url: url('/a') })];
    const result = runCheck(brokenInternalLinks, crawlOf({ pages }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('None of the 2 pages that answered is a 4xx or 5xx error');
  });

  it('fails naming each broken page with the pages that link to it', () => {
    const pages = [
      pageOf({ links: [url('/gone'), url('/a')] }),
      pageOf({ url: url('/a'), links: [url('/gone'), url('/down')] }),
      pageOf({ url: url('/b'), links: [url('/gone')] }),
      pageOf({ url: url('/c'), links: [url('/gone')] }),
      pageOf({ url: url('/d'), links: [url('/gone')] }),
      pageOf({ url: url('/gone'), statusCode: 404, document: null }),
      pageOf({ url: url('/down'), statusCode: 502, document: null }),
    ];
    const result = runCheck(brokenInternalLinks, crawlOf({ pages }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('2 pages answering 4xx/5xx, 2 of them linked from other pages');
    expect(result.evidence).toEqual([
      {
        url: url('/gone'),
        pageId: `page:${url('/gone')}`,
        detail: `HTTP 404 — linked from ${url('/')}, ${url('/a')}, ${url('/b')} and 2 more`,
      },
      { url: url('/down'), pageId: `page:${url('/down')}`, detail: `HTTP 502 — linked from ${url('/a')}` },
    ]);
  });

  it('reports a broken start URL or sitemap entry that no crawled page links to', () => {
    const result = runCheck(brokenInternalLinks, crawlOf({ pages: [pageOf({ statusCode: 500 })] }));
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0].detail).toBe('HTTP 500 — not linked from a crawled page (a start URL or sitemap entry)');
  });

  it('does not count pages that refuse the crawler (401, 403) or rate-limited it (429)', () => {
    const pages = [pageOf(), ...[401, 403, 429].map((statusCode) => pageOf({ url: url(`/${statusCode}`), statusCode }))];
    expect(runCheck(brokenInternalLinks, crawlOf({ pages })).outcome).toBe('pass');
  });

  it('is not applicable when no page answered', () => {
    expect(runCheck(brokenInternalLinks, crawlOf({ pages: [pageOf({ statusCode: null })] })).outcome).toBe('not_applicable');
  });
});
