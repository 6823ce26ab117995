import { domainPostureSummary } from './domain-posture-summary';
import { CHECKED_AT, daysAfter } from '../testing/builders';
import { answered, certificateOf, domainOf, domainPostureOf, empty, originOf, silentDomainOf } from '../testing/domain-builders';

const withPrimary = (facts: Parameters<typeof domainOf>[1]) => domainPostureOf({ domains: [domainOf('vendor.test', facts)] });

describe('domainPostureSummary', () => {
  it("says the primary domain's mail cannot be spoofed when DMARC rejects or quarantines all of it", () => {
    expect(domainPostureSummary(domainPostureOf())).toMatchObject({ primaryDomain: 'vendor.test', mailSpoofable: false });
  });

  it('says it can be spoofed without DMARC, with p=none or with pct under 100', () => {
    expect(
      domainPostureSummary(withPrimary({ dmarc: empty('_dmarc.vendor.test', 'TXT'), dmarcRecord: null })).mailSpoofable,
    ).toBe(true);
    const none = { record: 'v=DMARC1; p=none', tags: { p: 'none' } };
    expect(
      domainPostureSummary(withPrimary({ dmarc: answered('_dmarc.vendor.test', 'TXT', [none.record]), dmarcRecord: none }))
        .mailSpoofable,
    ).toBe(true);
    const partial = { record: 'v=DMARC1; p=reject; pct=50', tags: { p: 'reject', pct: '50' } };
    expect(domainPostureSummary(withPrimary({ dmarcRecord: partial })).mailSpoofable).toBe(true);
  });

  it('does not know when the DMARC lookup went unanswered, and lists certificates with days left', () => {
    const posture = domainPostureOf({
      domains: [silentDomainOf('quiet.test')],
      origins: [originOf('https://www.vendor.test', { certificate: certificateOf({ validTo: daysAfter(CHECKED_AT, 20) }) })],
    });
    expect(domainPostureSummary(posture)).toEqual({
      primaryDomain: 'quiet.test',
      mailSpoofable: null,
      certificates: [
        { origin: 'https://www.vendor.test', host: 'www.vendor.test', validTo: daysAfter(CHECKED_AT, 20), daysLeft: 20 },
      ],
    });
  });
});
