import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { xContentTypeOptions } from './x-content-type-options';

const withHeader = (value?: string) =>
  runCheck(
    xContentTypeOptions,
    crawlOf({ pages: [pageOf({ headers: value === undefined ? {} : { 'x-content-type-options': value } })] }),
  );

describe('x-content-type-options', () => {
  it('passes nosniff, whatever its case', () => {
    const result = withHeader('NoSniff');
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('X-Content-Type-Options: nosniff on the one HTML page');
  });

  it('fails when absent or set to anything else', () => {
    expect(withHeader().evidence[0].detail).toBe('X-Content-Type-Options: absent');
    expect(withHeader('sniff').outcome).toBe('fail');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(xContentTypeOptions, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
