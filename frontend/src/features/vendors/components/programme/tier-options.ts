import type { ProgrammeTier } from '@vendorwatch/contracts';

/** The tiers as Select options ("1 · Critical"), with "No tier" first when asked. */
export const tierOptions = (tiers: readonly ProgrammeTier[] | undefined, withNone = false) => [
  ...(withNone ? [{ value: 'none', label: 'No tier' }] : []),
  ...[1, 2, 3, 4].map((tier) => {
    const name = tiers?.find((each) => each.tier === tier)?.name;
    return { value: String(tier), label: name ? `${tier} · ${name}` : `Tier ${tier}` };
  }),
];

export const tierName = (tiers: readonly ProgrammeTier[] | undefined, tier: number | null) =>
  tier === null ? undefined : tiers?.find((each) => each.tier === tier)?.name;

/** A tier other than the intake's suggestion needs a reason (the API refuses it without). */
export const needsReason = (suggested: number | null | undefined, tier: number | null) =>
  suggested !== null && suggested !== undefined && tier !== null && tier !== suggested;
