import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { pageTitles } from './page-titles';

describe('page-titles', () => {
  it('passes when every HTML page has a title', () => {
    const result = runCheck(pageTitles, crawlOf({ pages: [pageOf({ title: 'Vendor — Home' })] }));
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('Title: Vendor — Home');
  });

  it('fails naming the pages without one (blank counts as none)', () => {
    const pages = [
      pageOf(),
      pageOf({ url: 'https://www.vendor.test/a', title: null }),
      pageOf({ url: 'https://www.vendor.test/b', title: '  ' }),
    ];
    const result = runCheck(pageTitles, crawlOf({ pages }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('No title on 2 of 3 HTML pages');
    expect(result.evidence.map((e) => e.url)).toEqual(['https://www.vendor.test/a', 'https://www.vendor.test/b']);
  });

  it('is not applicable without HTML pages (a PDF has no title to judge)', () => {
    const pdf = pageOf({ contentType: 'application/pdf', title: null, document: null });
    expect(runCheck(pageTitles, crawlOf({ pages: [pdf] })).outcome).toBe('not_applicable');
  });
});
