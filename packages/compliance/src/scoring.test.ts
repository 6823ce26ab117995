import type { CheckOutcome, CheckSeverity } from '@vendorwatch/contracts';
import { score, SEVERITY_WEIGHTS } from './scoring';

const r = (severity: CheckSeverity, outcome: CheckOutcome) => ({ severity, outcome });

describe('score', () => {
  it('weighs severities 10 / 6 / 3 / 1', () => {
    expect(SEVERITY_WEIGHTS).toEqual({ critical: 10, high: 6, medium: 3, low: 1 });
  });

  it('gives a pass its full weight, a warn half and a fail nothing, leaving not_applicable out', () => {
    const result = score([r('critical', 'pass'), r('high', 'warn'), r('medium', 'fail'), r('low', 'not_applicable')]);
    expect(result).toEqual({ rate: 68.4, label: 'Non-Compliant', earnedWeight: 13, applicableWeight: 19 });
  });

  it('leaves "could not be checked" out of both sides, like not_applicable: a timed-out lookup never lowers the rate', () => {
    const checked = [r('critical', 'pass'), r('high', 'warn')];
    expect(score([...checked, r('high', 'not_checked'), r('medium', 'not_checked')])).toEqual(score(checked));
    expect(score([r('high', 'not_checked')])).toMatchObject({ rate: null, label: null });
  });

  it('rounds to one decimal and labels from the rounded rate', () => {
    expect(score([r('critical', 'pass'), r('low', 'fail')])).toMatchObject({ rate: 90.9, label: 'Compliant' });
    const ninety = [...Array(9).fill(r('critical', 'pass')), r('critical', 'fail')];
    expect(score(ninety)).toMatchObject({ rate: 90, label: 'Compliant' });
    const seventy = [...Array(7).fill(r('critical', 'pass')), ...Array(3).fill(r('critical', 'fail'))];
    expect(score(seventy)).toMatchObject({ rate: 70, label: 'Partially Compliant' });
    expect(score([r('low', 'pass'), r('low', 'pass'), r('low', 'warn')])).toMatchObject({
      rate: 83.3,
      label: 'Partially Compliant',
    });
  });

  it('is not assessable (null rate and label) when no check applied', () => {
    expect(score([r('critical', 'not_applicable')])).toEqual({ rate: null, label: null, earnedWeight: 0, applicableWeight: 0 });
    expect(score([])).toMatchObject({ rate: null, label: null });
  });
});
