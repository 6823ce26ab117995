import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, silentDomainOf, spfOf } from '../testing/domain-builders';
import { spf } from './spf';

const withDomain = (...domains: ReturnType<typeof domainOf>[]) =>
  runCheck(spf, crawlOf({ domainPosture: domainPostureOf({ domains }) }));
const withSpf = (record: string | null, evaluation: Parameters<typeof spfOf>[0]) =>
  withDomain(domainOf('vendor.test', { txt: answered('vendor.test', 'TXT', record ? [record] : []), spf: spfOf(evaluation) }));

describe('spf', () => {
  it('passes one record ending in -all or ~all within 10 lookups, showing the record verbatim', () => {
    const result = withSpf('v=spf1 include:_spf.vendor.test -all', { result: 'fail', lookups: 2 });
    expect(result.outcome).toBe('pass');
    expect(result.summary).toBe('vendor.test (primary): ends in -all, 2 DNS lookups');
    expect(result.evidence.map((e) => e.detail)).toEqual([
      'TXT vendor.test: "v=spf1 include:_spf.vendor.test -all"',
      'SPF evaluation (mailauth): fail; 2 DNS lookups',
    ]);
    expect(withSpf('v=spf1 mx ~all', { result: 'softfail' }).outcome).toBe('pass');
  });

  it('fails +all, ?all, more than 10 lookups, several records and no record', () => {
    expect(withSpf('v=spf1 +all', { result: 'pass' }).summary).toBe(
      'vendor.test (primary): ends in +all: any server may send as this domain',
    );
    expect(withSpf('v=spf1 ?all', { result: 'neutral' }).outcome).toBe('fail');
    const many = withSpf('v=spf1 include:a.test include:b.test -all', { result: 'fail', lookups: 12 });
    expect(many.outcome).toBe('fail');
    expect(many.summary).toBe('vendor.test (primary): 12 DNS lookups, more than the 10 receivers follow');
    const two = withDomain(
      domainOf('vendor.test', {
        txt: answered('vendor.test', 'TXT', ['v=spf1 -all', 'v=spf1 mx -all']),
        spf: spfOf({ result: 'permerror', detail: 'multiple SPF records found for vendor.test' }),
      }),
    );
    expect(two.summary).toBe('vendor.test (primary): 2 SPF records (receivers reject them all)');
    const none = withSpf(null, { result: 'none', lookups: 0 });
    expect(none.summary).toBe('vendor.test (primary): no SPF record');
    expect(none.evidence[0].detail).toBe('TXT vendor.test: no record (NODATA)');
  });

  it("could not be checked when the domain's DNS did not answer — never a failure — while a failing domain still fails", () => {
    const silent = withDomain(silentDomainOf('quiet.test'));
    expect(silent.outcome).toBe('not_checked');
    expect(silent.evidence[0].detail).toBe('TXT quiet.test: no answer (timeout)');
    const mixed = withDomain(
      silentDomainOf('quiet.test'),
      domainOf('open.test', { primary: false, spf: spfOf({ result: 'pass' }) }),
    );
    expect(mixed.outcome).toBe('fail');
  });

  it('could not be checked when the crawl has no domain facts', () => {
    expect(runCheck(spf, crawlOf()).outcome).toBe('not_checked');
  });
});
