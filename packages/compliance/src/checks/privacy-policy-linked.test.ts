import { runCheck } from '../run-check';
import { crawlOf, documentOf, pageOf } from '../testing/builders';
import { privacyPolicyLinked } from './privacy-policy-linked';

const links = (privacy: string[]) => ({ policyLinks: { ...documentOf().policyLinks, privacy } });

describe('privacy-policy-linked', () => {
  it('passes when the home page links the privacy policy', () => {
    const result = runCheck(
      privacyPolicyLinked,
      crawlOf({ pages: [pageOf({ document: links(['https://www.vendor.test/privacy']) })] }),
    );
    expect(result.outcome).toBe('pass');
    expect(result.evidence).toEqual([
      { url: 'https://www.vendor.test/', pageId: 'page:https://www.vendor.test/', detail: 'https://www.vendor.test/privacy' },
    ]);
  });

  it('warns when only a deeper page links it', () => {
    const deeper = pageOf({ url: 'https://www.vendor.test/about', document: links(['https://www.vendor.test/privacy']) });
    const result = runCheck(privacyPolicyLinked, crawlOf({ pages: [pageOf(), deeper] }));
    expect(result.outcome).toBe('warn');
    expect(result.summary).toBe(
      'No privacy policy link on the home page, only on 1 other page, e.g. https://www.vendor.test/about',
    );
  });

  it('fails when no page links it', () => {
    const result = runCheck(
      privacyPolicyLinked,
      crawlOf({ pages: [pageOf(), pageOf({ url: 'https://www.vendor.test/about' })] }),
    );
    expect(result.outcome).toBe('fail');
    expect(result.summary).toBe('No privacy policy link on any HTML page (2 pages checked)');
  });

  it('is not applicable when no HTML page answered', () => {
    expect(runCheck(privacyPolicyLinked, crawlOf({ pages: [pageOf({ statusCode: 503 })] })).outcome).toBe('not_applicable');
  });
});
