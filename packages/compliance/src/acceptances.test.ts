import { acceptedStanding, applyAcceptances, type AcceptanceRecord } from './acceptances';

const check = (checkId: string, outcome: 'pass' | 'fail' | 'warn' | 'not_applicable', severity: 'critical' | 'low' = 'low') => ({
  checkId,
  title: checkId,
  group: 'transport',
  severity,
  outcome,
});
const NOW = new Date('2026-06-01T00:00:00Z');
const acceptance = (checkId: string, extra: Partial<AcceptanceRecord> = {}): AcceptanceRecord => ({
  id: `acc-${checkId}`,
  checkId,
  justification: 'Because',
  expiresAt: new Date('2026-07-01T00:00:00Z'),
  status: 'approved',
  ...extra,
});

describe('applyAcceptances', () => {
  const checks = [check('https', 'fail', 'critical'), check('hsts', 'warn'), check('title', 'pass')];

  it('reads an approved, unexpired acceptance of a failing or warning check as accepted, with why and until when', () => {
    const applied = applyAcceptances(checks, [acceptance('https'), acceptance('hsts')], NOW);
    expect(applied.map((each) => [each.checkId, each.outcome, each.assessedOutcome])).toEqual([
      ['https', 'accepted', 'fail'],
      ['hsts', 'accepted', 'warn'],
      ['title', 'pass', 'pass'],
    ]);
    expect(applied[0]!.acceptance).toEqual({ id: 'acc-https', justification: 'Because', expiresAt: '2026-07-01T00:00:00.000Z' });
  });

  it('leaves as assessed: a pending, rejected or revoked acceptance, one expired at now, and a check that passes', () => {
    for (const status of ['pending', 'rejected', 'revoked'] as const)
      expect(applyAcceptances(checks, [acceptance('https', { status })], NOW)[0]!.outcome).toBe('fail');
    expect(applyAcceptances(checks, [acceptance('https', { expiresAt: NOW })], NOW)[0]!.outcome).toBe('fail');
    expect(applyAcceptances(checks, [acceptance('title')], NOW)[2]!.outcome).toBe('pass');
  });

  it('leaves an accepted check out of the rate and grades, as not applicable is, and keeps the grades as assessed beside', () => {
    const standing = acceptedStanding(checks, [acceptance('https')], NOW);
    const withoutHttps = acceptedStanding([check('https', 'not_applicable'), ...checks.slice(1)], [], NOW);
    expect(standing.accepted).toBe(1);
    expect(standing.grades).toEqual(withoutHttps.grades);
    expect(standing.score).toEqual(withoutHttps.score);
    expect(standing.gradesWithAcceptedCounted.overall.letter).toBe('F');
    expect(standing.grades.overall.letter).not.toBe('F');
  });
});
