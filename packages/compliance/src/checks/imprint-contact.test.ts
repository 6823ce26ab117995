import { runCheck } from '../run-check';
import { crawlOf, documentOf, pageOf } from '../testing/builders';
import { imprintContact } from './imprint-contact';

describe('imprint-contact', () => {
  it('passes on an imprint or contact link anywhere on the site, listing each finding once', () => {
    const contact = { policyLinks: { ...documentOf().policyLinks, contact: ['https://www.vendor.test/contact'] } };
    const pages = [pageOf({ document: contact }), pageOf({ url: 'https://www.vendor.test/a', document: contact })];
    const result = runCheck(imprintContact, crawlOf({ pages }));
    expect(result.outcome).toBe('pass');
    expect(result.evidence.map((e) => e.detail)).toEqual(['Contact link https://www.vendor.test/contact']);
  });

  it('passes on an email address or phone number in the text', () => {
    const result = runCheck(
      imprintContact,
      crawlOf({ pages: [pageOf({ document: { emails: ['info@vendor.test'], phones: ['+49 30 1234567'] } })] }),
    );
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('Contact information found: Email info@vendor.test and 1 more');
  });

  it('fails when there is no way to reach the company', () => {
    expect(runCheck(imprintContact, crawlOf()).outcome).toBe('fail');
  });

  it('is not applicable without HTML pages', () => {
    expect(runCheck(imprintContact, crawlOf({ pages: [] })).outcome).toBe('not_applicable');
  });
});
