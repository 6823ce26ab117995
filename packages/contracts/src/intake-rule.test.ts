import { INTAKE_CRITICALITY, INTAKE_DATA_ACCESS, INTAKE_SYSTEM_ACCESS } from './programme';
import { INTAKE_CRITICALITY_RULE, INTAKE_DATA_ACCESS_RULE, INTAKE_SYSTEM_ACCESS_RULE, suggestTier } from './intake-rule';

describe('suggestTier', () => {
  const every = INTAKE_DATA_ACCESS.flatMap((dataAccess) =>
    INTAKE_CRITICALITY.flatMap((criticality) =>
      INTAKE_SYSTEM_ACCESS.map((systemAccess) => ({ dataAccess, criticality, systemAccess })),
    ),
  );

  it('is the most severe answer, or tier 1 when two or more answers point to tier 2', () => {
    for (const answers of every) {
      const tiers = [
        INTAKE_DATA_ACCESS_RULE[answers.dataAccess].tier,
        INTAKE_CRITICALITY_RULE[answers.criticality].tier,
        INTAKE_SYSTEM_ACCESS_RULE[answers.systemAccess].tier,
      ];
      const expected = tiers.filter((tier) => tier === 2).length >= 2 ? 1 : Math.min(...tiers);
      expect([answers, suggestTier(answers).suggestedTier]).toEqual([answers, expected]);
    }
  });

  it('gives a reason per answer and one for how they combine', () => {
    expect(suggestTier({ dataAccess: 'business', criticality: 'low', systemAccess: 'read' })).toEqual({
      suggestedTier: 3,
      reasons: [
        'It handles internal business data: tier 3',
        'The company can do without its service for a while: tier 4',
        'It can read from the company’s systems: tier 3',
        'The most severe answer sets the tier: tier 3',
      ],
    });
  });
});
