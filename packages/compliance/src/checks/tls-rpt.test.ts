import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, empty, noAnswer } from '../testing/domain-builders';
import { tlsRpt } from './tls-rpt';

const withRecords = (tlsRptLookup: ReturnType<typeof answered<string>>) =>
  runCheck(tlsRpt, crawlOf({ domainPosture: domainPostureOf({ domains: [domainOf('vendor.test', { tlsRpt: tlsRptLookup })] }) }));

describe('tls-rpt', () => {
  it('passes a v=TLSRPTv1 record with rua, showing it', () => {
    const result = withRecords(answered('_smtp._tls.vendor.test', 'TXT', ['v=TLSRPTv1; rua=mailto:tls@vendor.test']));
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('TXT _smtp._tls.vendor.test: "v=TLSRPTv1; rua=mailto:tls@vendor.test"');
  });

  it('fails without a record, or one without rua', () => {
    expect(withRecords(empty('_smtp._tls.vendor.test', 'TXT')).outcome).toBe('fail');
    expect(withRecords(answered('_smtp._tls.vendor.test', 'TXT', ['v=TLSRPTv1;'])).outcome).toBe('fail');
  });

  it('could not be checked when DNS did not answer', () => {
    expect(withRecords(noAnswer('_smtp._tls.vendor.test', 'TXT')).outcome).toBe('not_checked');
  });
});
