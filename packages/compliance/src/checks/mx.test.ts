import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, empty, noAnswer } from '../testing/domain-builders';
import { mx } from './mx';

const withDomain = (facts: Parameters<typeof domainOf>[1]) =>
  runCheck(mx, crawlOf({ domainPosture: domainPostureOf({ domains: [domainOf('vendor.test', facts)] }) }));

describe('mx', () => {
  it('passes MX records, a null MX, or no MX with "v=spf1 -all" saying the domain has no mail', () => {
    const routed = withDomain({});
    expect(routed.outcome).toBe('pass');
    expect(routed.evidence[0].detail).toBe('MX vendor.test: 10 mx1.vendor.test');
    expect(withDomain({ mx: answered('vendor.test', 'MX', [{ exchange: '', priority: 0 }]) }).summary).toBe(
      'vendor.test (primary): a null MX says it receives no mail',
    );
    expect(
      withDomain({ mx: empty('vendor.test', 'MX', 'NODATA'), txt: answered('vendor.test', 'TXT', ['v=spf1 -all']) }).outcome,
    ).toBe('pass');
  });

  it('fails a domain with no MX that does not say it has no mail', () => {
    const result = withDomain({
      mx: empty('vendor.test', 'MX', 'NODATA'),
      txt: answered('vendor.test', 'TXT', ['v=spf1 mx -all']),
    });
    expect(result.outcome).toBe('fail');
    expect(result.evidence[0].detail).toBe('MX vendor.test: no record (NODATA)');
  });

  it('could not be checked when the MX lookup went unanswered', () => {
    expect(withDomain({ mx: noAnswer('vendor.test', 'MX', 'SERVFAIL') }).summary).toBe(
      'vendor.test (primary): DNS did not answer (SERVFAIL)',
    );
  });
});
