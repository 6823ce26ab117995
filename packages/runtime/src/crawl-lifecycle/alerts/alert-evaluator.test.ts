import type { CrawlChangeRow, CrawlJobRow } from '@vendorwatch/db';
import { ruleFires } from './alert-evaluator';

const job = (status: CrawlJobRow['status'], error: string | null = null) => ({ status, error }) as CrawlJobRow;
const change = (values: Partial<CrawlChangeRow>) =>
  ({
    previousJobId: 'p',
    labelBefore: 'Compliant',
    labelAfter: 'Compliant',
    rateBefore: 95,
    rateAfter: 95,
    findingsNew: [],
    policyPagesChanged: 0,
    changedPercent: 0,
    added: 0,
    removed: 0,
    changed: 0,
    ...values,
  }) as CrawlChangeRow;
const rule = (kind: Parameters<typeof ruleFires>[0]['kind'], extra: object = {}) => ({
  kind,
  minSeverity: null,
  thresholdPercent: null,
  ...extra,
});
const finding = (severity: 'critical' | 'high' | 'medium' | 'low', outcome: 'fail' | 'warn' = 'fail') => ({
  checkId: severity,
  title: `A ${severity} check`,
  severity,
  outcome,
  previousOutcome: 'pass' as const,
});

describe('ruleFires', () => {
  it('label drop: only when the label gets worse', () => {
    expect(ruleFires(rule('label_drop'), job('completed'), change({ labelAfter: 'Partially Compliant', rateAfter: 80 }))).toEqual(
      ['Compliance label dropped from Compliant (95 %) to Partially Compliant (80 %)'],
    );
    expect(ruleFires(rule('label_drop'), job('completed'), change({ labelBefore: 'Non-Compliant' }))).toBeNull();
  });

  it('check fails: new failures at or above the least severity, not warnings', () => {
    const findings = change({ findingsNew: [finding('low'), finding('high'), finding('critical', 'warn')] });
    expect(ruleFires(rule('check_fails', { minSeverity: 'high' }), job('completed'), findings)).toEqual([
      'Newly failing (high): A high check',
    ]);
    expect(ruleFires(rule('check_fails'), job('completed'), findings)).toHaveLength(2);
    expect(ruleFires(rule('check_fails', { minSeverity: 'critical' }), job('completed'), findings)).toBeNull();
  });

  it('pages changed: above the threshold only; policy pages: any', () => {
    expect(
      ruleFires(rule('pages_changed', { thresholdPercent: 20 }), job('completed'), change({ changedPercent: 20 })),
    ).toBeNull();
    expect(
      ruleFires(rule('pages_changed', { thresholdPercent: 20 }), job('completed'), change({ changedPercent: 20.5 })),
    ).not.toBeNull();
    expect(ruleFires(rule('policy_page_changed'), job('completed'), change({ policyPagesChanged: 1 }))).not.toBeNull();
  });

  it('nothing fires on a first crawl but a failure', () => {
    const first = change({ previousJobId: null, policyPagesChanged: 3, changedPercent: 100 });
    expect(ruleFires(rule('policy_page_changed'), job('completed'), first)).toBeNull();
    expect(ruleFires(rule('crawl_failed'), job('failed', 'No page could be fetched'), undefined)).toEqual([
      'No page of the site could be fetched',
    ]);
    // Plain words, as on the crawl's page: not the fetcher's code.
    expect(
      ruleFires(rule('crawl_failed'), job('failed', 'net::ERR_NAME_NOT_RESOLVED at https://gone.example/'), undefined),
    ).toEqual(['The site could not be reached: host not found']);
    expect(ruleFires(rule('crawl_failed'), job('completed'), first)).toBeNull();
  });
});
