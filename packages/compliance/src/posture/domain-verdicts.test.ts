import { judgeSubjects } from './domain-verdicts';

describe('judgeSubjects', () => {
  it('lists each failing or warning domain or origin as a finding of its own, so one more is new between crawls', () => {
    const verdicts: Record<string, 'pass' | 'warn' | 'fail' | 'not_checked'> = {
      'https://www.vendor.test': 'pass',
      'https://api.vendor.test': 'fail',
      'https://docs.vendor.test': 'warn',
      'https://status.vendor.test': 'not_checked',
    };
    const evaluation = judgeSubjects(
      Object.keys(verdicts),
      (origin) => origin,
      (origin) => ({ outcome: verdicts[origin]!, says: verdicts[origin]!, evidence: [] }),
      'none',
    );
    expect(evaluation.outcome).toBe('fail');
    expect(evaluation.findings).toEqual(['https://api.vendor.test', 'https://docs.vendor.test']);
    // All well: nothing is listed.
    expect(
      judgeSubjects(
        ['a'],
        (s) => s,
        () => ({ outcome: 'pass', says: 'ok', evidence: [] }),
        'none',
      ).findings,
    ).toBeUndefined();
  });
});
