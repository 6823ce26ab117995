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
    expect(findingsDiff(same, same)).toEqual({ new: [], resolved: [], notComparable: [] });
  });

  it('calls a check one crawl did not evaluate not comparable, never new or resolved', () => {
    const unseen = (checkId: string) => ({ ...check(checkId, 'not_applicable'), evaluated: false });
    // Browser, then http: the accessibility failure is not resolved, the http crawl could not look.
    const browser = [check('axe', 'fail'), check('https', 'fail')];
    const http = [unseen('axe'), check('https', 'pass')];
    const down = findingsDiff(browser, http);
    expect(down.resolved.map((f) => f.checkId)).toEqual(['https']);
    expect(down.new).toEqual([]);
    expect(down.notComparable).toEqual([{ ...check('axe', 'not_applicable'), previousOutcome: 'fail' }]);
    // http, then browser again: the failure the browser sees is not new.
    const up = findingsDiff(http, browser);
    expect(up.new.map((f) => f.checkId)).toEqual(['https']);
    expect(up.resolved).toEqual([]);
    expect(up.notComparable).toEqual([{ ...check('axe', 'fail'), previousOutcome: 'not_applicable' }]);
    // Neither crawl looked, or a check new to the catalogue that this crawl could not evaluate: nothing to say.
    expect(findingsDiff(http, http)).toEqual({ new: [], resolved: [], notComparable: [] });
    expect(findingsDiff([], [unseen('fresh')])).toEqual({ new: [], resolved: [], notComparable: [] });
  });

  it('calls a check that could not be checked not comparable: a DNS timeout neither resolves nor raises a finding', () => {
    const timedOut = findingsDiff([check('dmarc', 'fail')], [check('dmarc', 'not_checked')]);
    expect(timedOut).toEqual({
      new: [],
      resolved: [],
      notComparable: [{ ...check('dmarc', 'not_checked'), previousOutcome: 'fail' }],
    });
    const answeredAgain = findingsDiff([check('dmarc', 'not_checked')], [check('dmarc', 'fail')]);
    expect(answeredAgain.new).toEqual([]);
    expect(answeredAgain.notComparable.map((f) => f.checkId)).toEqual(['dmarc']);
  });

  it('compares below the outcome: a second vulnerable library in a check that already failed is a new finding', () => {
    const libraries = (...findings: string[]) => ({ ...check('vulnerable-js-libraries', 'fail'), findings });
    const before = [libraries('jquery 1.12.4: CVE-2020-11022')];
    const after = [libraries('jquery 1.12.4: CVE-2020-11022', 'bootstrap 3.3.7: CVE-2019-8331')];
    expect(findingsDiff(before, after)).toEqual({
      new: [
        { ...check('vulnerable-js-libraries', 'fail'), previousOutcome: 'fail', newFindings: ['bootstrap 3.3.7: CVE-2019-8331'] },
      ],
      resolved: [],
      notComparable: [],
    });
    // A library gaining an advisory is new too; one fewer is not (nor resolved: the check still fails).
    expect(findingsDiff(before, [libraries('jquery 1.12.4: CVE-2020-11022', 'jquery 1.12.4: CVE-2020-11023')]).new).toHaveLength(
      1,
    );
    expect(findingsDiff(after, before)).toEqual({ new: [], resolved: [], notComparable: [] });
    // A warning that becomes a failure with a new host names the host.
    const hosts = (outcome: CheckOutcomeOf['outcome'], ...findings: string[]) => ({
      ...check('tls-protocols', outcome),
      findings,
    });
    expect(findingsDiff([hosts('warn', 'https://a.test')], [hosts('fail', 'https://a.test', 'https://b.test')]).new).toEqual([
      { ...check('tls-protocols', 'fail'), previousOutcome: 'warn', newFindings: ['https://b.test'] },
    ]);
    // A result stored before findings were listed compares by outcome alone.
    expect(findingsDiff([check('vulnerable-js-libraries', 'fail')], after).new).toEqual([]);
  });
});
