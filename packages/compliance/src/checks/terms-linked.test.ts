import { runCheck } from '../run-check';
import { crawlOf, documentOf, pageOf } from '../testing/builders';
import { termsLinked } from './terms-linked';

const links = (terms: string[]) => ({ policyLinks: { ...documentOf().policyLinks, terms } });

describe('terms-linked', () => {
  it('passes when the home page links the terms', () => {
    expect(
      runCheck(termsLinked, crawlOf({ pages: [pageOf({ document: links(['https://www.vendor.test/terms']) })] })).outcome,
    ).toBe('pass');
  });

  it('warns when the home page was not stored but another page links them', () => {
    const home = pageOf({ statusCode: 500 });
    const other = pageOf({ url: 'https://www.vendor.test/about', document: links(['https://www.vendor.test/terms']) });
    const result = runCheck(termsLinked, crawlOf({ pages: [home, other] }));
    expect(result.outcome).toBe('warn');
    expect(result.summary).toContain('The home page was not stored as HTML');
  });

  it('fails when no page links them', () => {
    expect(runCheck(termsLinked, crawlOf()).outcome).toBe('fail');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(termsLinked, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
