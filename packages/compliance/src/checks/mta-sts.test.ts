import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, empty, mtaStsPolicyOf } from '../testing/domain-builders';
import { mtaSts } from './mta-sts';

const withDomain = (facts: Parameters<typeof domainOf>[1]) =>
  runCheck(mtaSts, crawlOf({ domainPosture: domainPostureOf({ domains: [domainOf('vendor.test', facts)] }) }));

describe('mta-sts', () => {
  it('passes a record and a policy in enforce mode listing the MX hosts, with both as evidence', () => {
    const result = withDomain({});
    expect(result.outcome).toBe('pass');
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'TXT _mta-sts.vendor.test: "v=STSv1; id=20260101"',
      'HTTP 200: version: STSv1\nmode: enforce\nmx: mx1.vendor.test\nmax_age: 604800\n',
    ]);
    expect(result.evidence[1].url).toBe('https://mta-sts.vendor.test/.well-known/mta-sts.txt');
  });

  it('warns in testing mode and fails when the policy leaves out an MX, is off, missing or unpublished', () => {
    const testing = mtaStsPolicyOf('vendor.test', { policy: { mode: 'testing', mx: ['mx1.vendor.test'], maxAge: 86400 } });
    expect(withDomain({ mtaStsPolicy: testing }).outcome).toBe('warn');
    expect(withDomain({ mtaStsPolicy: mtaStsPolicyOf('vendor.test', { unlistedMx: ['mx2.vendor.test'] }) }).summary).toBe(
      'vendor.test (primary): the policy does not list MX mx2.vendor.test, so senders would refuse them',
    );
    const off = mtaStsPolicyOf('vendor.test', { policy: { mode: 'none', mx: [], maxAge: 86400 } });
    expect(withDomain({ mtaStsPolicy: off }).outcome).toBe('fail');
    const unreachable = mtaStsPolicyOf('vendor.test', {
      statusCode: null,
      body: null,
      policy: null,
      error: 'connect ECONNREFUSED',
    });
    expect(withDomain({ mtaStsPolicy: unreachable }).summary).toContain('(connect ECONNREFUSED)');
    expect(withDomain({ mtaStsTxt: empty('_mta-sts.vendor.test', 'TXT'), mtaStsId: null, mtaStsPolicy: null }).summary).toBe(
      'vendor.test (primary): no valid _mta-sts record (v=STSv1 with an id)',
    );
  });

  it('is not applicable to a domain that receives no mail', () => {
    expect(withDomain({ mx: answered('vendor.test', 'MX', [{ exchange: '', priority: 0 }]) }).outcome).toBe('not_applicable');
  });
});
