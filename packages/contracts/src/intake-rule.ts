/**
 * The intake's published rule (docs/methodology.md, "Vendor tiers and reviews"): each answer points to a
 * tier; the suggestion is the most severe of the three, and two or more answers pointing to tier 2 make
 * tier 1 (a vendor both essential and holding personal data, say, is critical).
 */
import type { IntakeSuggestion, ProgrammeTierNumber, VendorIntakeAnswers } from './programme';

type Rule<K extends string> = Record<K, { tier: ProgrammeTierNumber; words: string }>;

export const INTAKE_DATA_ACCESS_RULE: Rule<VendorIntakeAnswers['dataAccess']> = {
  none: { tier: 4, words: 'It handles none of the company’s data' },
  business: { tier: 3, words: 'It handles internal business data' },
  personal: { tier: 2, words: 'It handles personal data' },
  sensitive: { tier: 1, words: 'It handles sensitive data (special-category personal data, financial or secret data)' },
};

export const INTAKE_CRITICALITY_RULE: Rule<VendorIntakeAnswers['criticality']> = {
  low: { tier: 4, words: 'The company can do without its service for a while' },
  medium: { tier: 3, words: 'An outage of its service would hinder the company' },
  high: { tier: 2, words: 'The company depends on its service' },
};

export const INTAKE_SYSTEM_ACCESS_RULE: Rule<VendorIntakeAnswers['systemAccess']> = {
  none: { tier: 4, words: 'It has no access to the company’s systems' },
  read: { tier: 3, words: 'It can read from the company’s systems' },
  write: { tier: 2, words: 'It can change the company’s systems' },
};

/** The suggested tier and, in plain words, each answer's tier and how they combine. */
export function suggestTier(answers: VendorIntakeAnswers): IntakeSuggestion {
  const parts = [
    INTAKE_DATA_ACCESS_RULE[answers.dataAccess],
    INTAKE_CRITICALITY_RULE[answers.criticality],
    INTAKE_SYSTEM_ACCESS_RULE[answers.systemAccess],
  ];
  const reasons = parts.map((part) => `${part.words}: tier ${part.tier}`);
  const mostSevere = Math.min(...parts.map((part) => part.tier)) as ProgrammeTierNumber;
  const atTierTwo = parts.filter((part) => part.tier === 2).length;
  if (mostSevere === 2 && atTierTwo >= 2) {
    reasons.push(`${atTierTwo} answers point to tier 2: together they make tier 1`);
    return { suggestedTier: 1, reasons };
  }
  reasons.push(`The most severe answer sets the tier: tier ${mostSevere}`);
  return { suggestedTier: mostSevere, reasons };
}
