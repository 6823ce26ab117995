import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { metaDescriptions } from './meta-descriptions';

describe('meta-descriptions', () => {
  it('passes when every HTML page has a description', () => {
    expect(runCheck(metaDescriptions, crawlOf()).outcome).toBe('pass');
  });

  it('fails naming the pages without one', () => {
    const result = runCheck(metaDescriptions, crawlOf({ pages: [pageOf({ description: null })] }));
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('No meta description on the one HTML page');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(metaDescriptions, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
