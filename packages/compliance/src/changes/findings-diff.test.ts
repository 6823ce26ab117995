import { findingsDiff, type CheckOutcomeOf } from './findings-diff';

const check = (checkId: string, outcome: CheckOutcomeOf['outcome'], severity: CheckOutcomeOf['severity'] = 'high') => ({
  checkId,
  title: `Check ${checkId}`,
  severity,
  outcome,
});

describe('findingsDiff', () => {
  it('names the checks that newly fail or warn, and those resolved', () => {
    const before = [check('a', 'pass'), check('b', 'fail'), check('c', 'warn'), check('d', 'warn'), check('e', 'fail')];
    const after = [check('a', 'fail'), check('b', 'pass'), check('c', 'fail'), check('d', 'warn'), check('e', 'not_applicable')];
    const diff = findingsDiff(before, after);
    expect(diff.new.map((f) => [f.checkId, f.previousOutcome, f.outcome])).toEqual([
      ['a', 'pass', 'fail'],
      ['c', 'warn', 'fail'],
    ]);
    expect(diff.resolved.map((f) => [f.checkId, f.previousOutcome, f.outcome])).toEqual([
      ['b', 'fail', 'pass'],
      ['e', 'fail', 'not_applicable'],
    ]);
  });

  it('counts a failing check that is new to the catalogue as new, and ignores one that left it', () => {
    const diff = findingsDiff([check('gone', 'fail')], [check('fresh', 'fail', 'low')]);
    expect(diff.new).toEqual([{ ...check('fresh', 'fail', 'low'), previousOutcome: null }]);
    expect(diff.resolved).toEqual([]);
  });

  it('finds nothing between equal assessments', () => {
    const same = [check('a', 'fail'), check('b', 'pass')];
    expect(findingsDiff(same, same)).toEqual({ new: [], resolved: [] });
  });
});
