import { runCheck } from '../run-check';
import { crawlOf } from '../testing/builders';
import { answered, domainOf, domainPostureOf, empty, silentDomainOf } from '../testing/domain-builders';
import { dmarc } from './dmarc';

const withRecord = (record: string | null, tags: Record<string, string> = {}) =>
  runCheck(
    dmarc,
    crawlOf({
      domainPosture: domainPostureOf({
        domains: [
          domainOf('vendor.test', {
            dmarc: record ? answered('_dmarc.vendor.test', 'TXT', [record]) : empty('_dmarc.vendor.test', 'TXT'),
            dmarcRecord: record ? { record, tags } : null,
          }),
        ],
      }),
    }),
  );

describe('dmarc', () => {
  it('passes quarantine or reject at pct=100 with reports requested, showing the record', () => {
    const result = withRecord('v=DMARC1; p=reject; rua=mailto:d@vendor.test', {
      v: 'DMARC1',
      p: 'reject',
      rua: 'mailto:d@vendor.test',
    });
    expect(result.outcome).toBe('pass');
    expect(result.evidence[0].detail).toBe('TXT _dmarc.vendor.test: "v=DMARC1; p=reject; rua=mailto:d@vendor.test"');
    expect(
      withRecord('v=DMARC1; p=quarantine; pct=100; rua=mailto:d@x', { p: 'quarantine', pct: '100', rua: 'mailto:d@x' }).outcome,
    ).toBe('pass');
  });

  it('warns on p=none, on enforcement of only part of the mail, and without reports', () => {
    const none = withRecord('v=DMARC1; p=none; rua=mailto:d@x', { p: 'none', rua: 'mailto:d@x' });
    expect(none.outcome).toBe('warn');
    expect(none.summary).toBe('vendor.test (primary): p=none: spoofed mail is still delivered');
    expect(withRecord('v=DMARC1; p=reject; pct=20; rua=mailto:d@x', { p: 'reject', pct: '20', rua: 'mailto:d@x' }).outcome).toBe(
      'warn',
    );
    expect(withRecord('v=DMARC1; p=reject', { p: 'reject' }).summary).toBe(
      'vendor.test (primary): p=reject, but no aggregate reports requested (rua)',
    );
  });

  it('fails without a record, or without a valid policy', () => {
    expect(withRecord(null).summary).toBe('vendor.test (primary): no DMARC record');
    expect(withRecord('v=DMARC1; rua=mailto:d@x', { rua: 'mailto:d@x' }).outcome).toBe('fail');
  });

  it('could not be checked when DNS did not answer', () => {
    const result = runCheck(dmarc, crawlOf({ domainPosture: domainPostureOf({ domains: [silentDomainOf('quiet.test')] }) }));
    expect(result.outcome).toBe('not_checked');
  });
});
