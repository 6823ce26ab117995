import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { https } from './https';

describe('https', () => {
  it('passes when every page that answered ended on https', () => {
    const result = runCheck(
      https,
      crawlOf({ pages: [pageOf(), pageOf({ url: 'https://www.vendor.test/about', statusCode: 404, document: null })] }),
    );
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('Served over HTTPS on all 2 pages that answered');
  });

  it('fails and names the pages served over plain HTTP, even when the start URL was https', () => {
    const result = runCheck(
      https,
      crawlOf({ pages: [pageOf(), pageOf({ url: 'https://www.vendor.test/shop', finalUrl: 'http://shop.vendor.test/' })] }),
    );
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('Served over plain HTTP on 1 of 2 pages that answered');
    expect(result.evidence).toEqual([
      {
        url: 'https://www.vendor.test/shop',
        pageId: 'page:https://www.vendor.test/shop',
        detail: 'Served over plain HTTP from http://shop.vendor.test/',
      },
    ]);
  });

  it('judges an http start URL by where it landed', () => {
    const page = pageOf({ url: 'http://www.vendor.test/', finalUrl: 'https://www.vendor.test/' });
    expect(runCheck(https, crawlOf({ startUrl: 'http://www.vendor.test/', pages: [page] })).outcome).toBe('pass');
  });

  it('is not applicable when no page answered', () => {
    const result = runCheck(https, crawlOf({ pages: [pageOf({ statusCode: null, error: 'ECONNREFUSED', document: null })] }));
    expect(result.outcome).toBe('not_applicable');
  });
});
