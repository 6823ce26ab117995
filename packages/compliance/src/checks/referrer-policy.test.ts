import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { referrerPolicy } from './referrer-policy';

const withPolicy = (value?: string) =>
  runCheck(referrerPolicy, crawlOf({ pages: [pageOf({ headers: value === undefined ? {} : { 'referrer-policy': value } })] }));

describe('referrer-policy', () => {
  it('passes a safe policy; the last valid token of a fallback list decides', () => {
    expect(withPolicy('strict-origin-when-cross-origin').outcome).toBe('pass');
    expect(withPolicy('no-referrer, fancy-new-policy').outcome).toBe('pass');
    expect(withPolicy('unsafe-url, same-origin').outcome).toBe('pass');
  });

  it('fails a policy that leaks full URLs, or one with no valid value', () => {
    const unsafe = withPolicy('unsafe-url');
    expect(unsafe.outcome).toBe('fail');
    expect(unsafe.evidence[0].detail).toBe('Referrer-Policy: unsafe-url (leaks full URLs to other sites)');
    expect(withPolicy('no-referrer-when-downgrade').outcome).toBe('fail');
    expect(withPolicy('sometimes').outcome).toBe('fail');
  });

  it('warns when absent: browsers fall back to a safe default, older ones do not', () => {
    expect(withPolicy().outcome).toBe('warn');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(referrerPolicy, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
