import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { domainOf, domainPostureOf, empty, noAnswer } from '../testing/domain-builders';
import { dnssec } from './dnssec';

const withDomain = (facts: Parameters<typeof domainOf>[1]) =>
  runCheck(dnssec, crawlOf({ domainPosture: domainPostureOf({ domains: [domainOf('vendor.test', facts)] }) }));

describe('dnssec', () => {
  it('passes a signed domain with a DS at the parent', () => {
    const result = withDomain({});
    expect(result.outcome).toBe('pass');
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'DNSKEY vendor.test: flags 257, protocol 3, algorithm 13',
      'DS vendor.test: key tag 2371, algorithm 13, digest type 2',
    ]);
  });

  it('fails an unsigned domain, and a signed one whose parent has no DS', () => {
    expect(
      withDomain({ dnskey: empty('vendor.test', 'DNSKEY', 'NODATA'), ds: empty('vendor.test', 'DS', 'NODATA') }).summary,
    ).toBe('vendor.test (primary): not signed (no DNSKEY)');
    expect(withDomain({ ds: empty('vendor.test', 'DS', 'NODATA') }).outcome).toBe('fail');
  });

  it('could not be checked when DNS did not answer', () => {
    expect(withDomain({ ds: noAnswer('vendor.test', 'DS') }).outcome).toBe('not_checked');
  });
});
