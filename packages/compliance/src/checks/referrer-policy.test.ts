import { runCheck } from '../run-check';
import { crawlOf, pageOf } from '../testing/builders';
import { referrerPolicy } from './referrer-policy';

const withPolicy = (value?: string, meta?: string) =>
  runCheck(
    referrerPolicy,
    crawlOf({
      pages: [
        pageOf({
          headers: value === undefined ? {} : { 'referrer-policy': value },
          document: meta === undefined ? {} : { metaPolicies: { contentSecurityPolicy: [], referrerPolicy: meta } },
        }),
      ],
    }),
  );

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

  it('passes when absent, as the Observatory does: browsers default to strict-origin-when-cross-origin', () => {
    const absent = withPolicy();
    expect(absent.outcome).toBe('pass');
    expect(absent.evidence[0].detail).toBe('Referrer-Policy: absent (browsers default to strict-origin-when-cross-origin)');
  });

  it('reads <meta name="referrer">, which comes after the header and so decides over it', () => {
    expect(withPolicy(undefined, 'no-referrer, same-origin').outcome).toBe('pass');
    const overridden = withPolicy('unsafe-url', 'no-referrer, same-origin');
    expect(overridden.outcome).toBe('pass');
    expect(overridden.evidence[0].detail).toBe(
      'Referrer-Policy: unsafe-url; <meta name="referrer" content="no-referrer, same-origin"> (the meta element, coming last, decides)',
    );
    expect(withPolicy('same-origin', 'unsafe-url').outcome).toBe('fail');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(referrerPolicy, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
