import { Text } from '@mantine/core';
import { MESSAGES, type DiffSegmentView } from '@vendorwatch/contracts';

/** A page's main text word by word: insertions green, deletions struck through in red. */
export function WordDiff({ segments }: { segments: DiffSegmentView[] | null }) {
  if (!segments)
    return (
      <Text size="sm" c="dimmed" data-testid="word-diff-too-large">
        {MESSAGES.changes.tooManyDifferences}
      </Text>
    );
  return (
    <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }} data-testid="word-diff">
      {segments.map((segment, index) =>
        segment.kind === 'added' ? (
          <ins key={index} style={{ background: 'var(--mantine-color-green-1)', textDecoration: 'none' }}>
            {segment.text}
          </ins>
        ) : segment.kind === 'removed' ? (
          <del key={index} style={{ background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' }}>
            {segment.text}
          </del>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </Text>
  );
}
