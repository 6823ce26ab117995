import type { FindingChange } from '@vendorwatch/contracts';
import { describeChange } from './pdf-changes';

const finding = (overrides: Partial<FindingChange>): FindingChange => ({
  checkId: 'vulnerable-js-libraries',
  title: 'No JavaScript library with a known vulnerability',
  severity: 'high',
  outcome: 'fail',
  previousOutcome: 'fail',
  ...overrides,
});

const totals = (findingsNew: FindingChange[]) => ({
  added: 0,
  removed: 0,
  changed: 1,
  policyPagesChanged: 0,
  findingsNew,
  findingsResolved: [],
  findingsNotComparable: [],
  methodsChanged: [],
});

describe("the PDF's period changes", () => {
  it('names what a check that already failed newly found, instead of "no new findings"', () => {
    const text = describeChange(
      totals([
        finding({ newFindings: ['bootstrap 3.3.7: CVE-2019-8331'] }),
        finding({ newFindings: ['bootstrap 3.3.7: CVE-2019-8331', 'bootstrap 3.3.7: CVE-2018-14042'] }),
        finding({ checkId: 'hsts', title: 'HSTS', previousOutcome: 'pass' }),
      ]),
    );
    expect(text).toBe(
      '0 pages added, 0 removed, 1 changed. Newly failing or warning: HSTS. ' +
        'New findings in checks already failing or warning: No JavaScript library with a known vulnerability ' +
        '(bootstrap 3.3.7: CVE-2019-8331; bootstrap 3.3.7: CVE-2018-14042).',
    );
  });

  it('says "no new findings" only when nothing was found', () => {
    expect(describeChange(totals([]))).toBe('0 pages added, 0 removed, 1 changed. No new findings.');
  });
});
