import { Badge, Tooltip } from '@mantine/core';
import { REVIEW_STATUS_LABELS, type ReviewStatus, type VendorReviewState } from '@vendorwatch/contracts';
import { UNCUT_BADGE } from './compliance-badges';

const REVIEW_COLOURS: Record<ReviewStatus, string> = {
  not_reviewed: 'gray',
  up_to_date: 'green',
  due_soon: 'yellow',
  overdue: 'red',
  due_now: 'orange',
};

const TIER_COLOURS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'blue', 4: 'gray' };

/** A vendor's review status, its reason in plain words on hover (and to screen readers). */
export function ReviewStatusBadge({ review }: { review: VendorReviewState }) {
  return (
    <Tooltip label={review.reason} multiline maw={300}>
      <Badge
        color={REVIEW_COLOURS[review.status]}
        variant="light"
        styles={UNCUT_BADGE}
        aria-label={`Review: ${REVIEW_STATUS_LABELS[review.status]}. ${review.reason}`}
        data-testid="review-status-badge"
      >
        {REVIEW_STATUS_LABELS[review.status]}
      </Badge>
    </Tooltip>
  );
}

/** "Tier 1 · Critical" (the workspace's name for it, when known), or "No tier". */
export function TierBadge({ tier, name }: { tier: number | null; name?: string }) {
  const text = tier === null ? 'No tier' : name ? `Tier ${tier} · ${name}` : `Tier ${tier}`;
  return (
    <Badge
      color={tier === null ? 'gray' : TIER_COLOURS[tier]}
      variant={tier === null ? 'outline' : 'light'}
      styles={UNCUT_BADGE}
      data-testid="tier-badge"
    >
      {text}
    </Badge>
  );
}

/** `12 Dec 2026`, or the fallback for no date. */
export const shortDate = (iso: string | null, fallback = '–') =>
  iso
    ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
    : fallback;
