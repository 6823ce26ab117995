import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, empty } from '../testing/domain-builders';
import { dkim, NO_DKIM_SELECTORS } from './dkim';

describe('dkim', () => {
  it("passes when each listed selector has a key on one of the vendor's domains", () => {
    const result = runCheck(dkim, crawlOf({ domainPosture: domainPostureOf() }));
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('selector s1: key published at s1._domainkey.vendor.test');
    expect(result.evidence[0].detail).toBe('TXT s1._domainkey.vendor.test: "v=DKIM1; k=rsa; p=MIIBIjANBg"');
  });

  it('fails a selector with no key, or a revoked one', () => {
    const missing = domainOf('vendor.test', {
      dkim: [{ selector: 's1', lookup: empty('s1._domainkey.vendor.test', 'TXT'), key: null }],
    });
    expect(runCheck(dkim, crawlOf({ domainPosture: domainPostureOf({ domains: [missing] }) })).outcome).toBe('fail');
    const revoked = domainOf('vendor.test', {
      dkim: [{ selector: 's1', lookup: answered('s1._domainkey.vendor.test', 'TXT', ['v=DKIM1; p=']), key: 'revoked' }],
    });
    expect(runCheck(dkim, crawlOf({ domainPosture: domainPostureOf({ domains: [revoked] }) })).summary).toBe(
      'selector s1: revoked (empty p=) at s1._domainkey.vendor.test',
    );
  });

  it('is not applicable when the vendor lists no selectors, and says why', () => {
    const result = runCheck(dkim, crawlOf({ domainPosture: domainPostureOf({ dkimSelectors: [] }) }));
    expect(result.outcome).toBe('not_applicable');
    expect(result.summary).toBe(NO_DKIM_SELECTORS);
    expect(result.summary).toMatch(/^No DKIM selectors are listed for this vendor/);
  });
});
