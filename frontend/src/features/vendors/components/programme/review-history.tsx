import { Badge, Group, Stack, Text } from '@mantine/core';
import { shortDate } from '@/components/compliance/programme-badges';
import { useVendorReviews } from '../../api/get-vendor-reviews';
import { DECISION_LABELS } from './record-review-dialog';

const DECISION_COLOURS = { approved: 'green', approved_with_conditions: 'yellow', rejected: 'red' } as const;

/** The vendor's reviews, newest first: date, decision, reviewer, the grade then, and the notes. */
export function ReviewHistory({ vendorId }: { vendorId: string }) {
  const reviews = useVendorReviews({ vendorId });
  if (reviews.isPending) return <Text size="sm">Loading reviews…</Text>;
  if (reviews.isError)
    return (
      <Text size="sm" c="red">
        {reviews.error.message}
      </Text>
    );
  if (reviews.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="review-history-empty">
        No review recorded yet
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="review-history">
      {reviews.data.items.map((review) => (
        <Stack key={review.id} gap={2} data-testid="review-entry">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {shortDate(review.reviewedAt)}
            </Text>
            <Badge size="sm" variant="light" color={DECISION_COLOURS[review.decision]}>
              {DECISION_LABELS[review.decision]}
            </Badge>
            <Text size="xs" c="dimmed">
              {review.reviewerEmail ?? 'Former member'} · grade then {review.grade ?? '–'}
            </Text>
          </Group>
          {review.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {review.notes}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
