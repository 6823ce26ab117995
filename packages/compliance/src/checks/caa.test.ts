import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, empty } from '../testing/domain-builders';
import { caa } from './caa';

const withCaa = (lookup: Parameters<typeof domainOf>[1]) =>
  runCheck(caa, crawlOf({ domainPosture: domainPostureOf({ domains: [domainOf('vendor.test', lookup)] }) }));

describe('caa', () => {
  it('passes issue records, naming the authorities', () => {
    const result = withCaa({});
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('vendor.test (primary): only letsencrypt.org may issue certificates');
    expect(result.evidence[0].detail).toBe('CAA vendor.test: 0 issue "letsencrypt.org"');
  });

  it('fails without CAA, or with only an iodef record', () => {
    expect(withCaa({ caa: empty('vendor.test', 'CAA', 'NODATA') }).outcome).toBe('fail');
    expect(
      withCaa({ caa: answered('vendor.test', 'CAA', [{ flags: 0, tag: 'iodef', value: 'mailto:s@vendor.test' }]) }).outcome,
    ).toBe('fail');
  });
});
