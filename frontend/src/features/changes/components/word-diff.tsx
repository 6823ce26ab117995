import { Text } from '@mantine/core';
import { fill, MESSAGES, type PageChangeDiff } from '@vendorwatch/contracts';

/**
 * A page's main text word by word: insertions green, deletions struck through in red; when the
 * changes are too many to show that way, how many lines were added and removed.
 */
export function WordDiff({ diff }: { diff: Pick<PageChangeDiff, 'segments' | 'tooManyChanges'> }) {
  const { segments, tooManyChanges } = diff;
  if (!segments)
    return (
      <Text size="sm" c="dimmed" data-testid="word-diff-too-large">
        {fill(MESSAGES.changes.tooManyChanges, {
          added: tooManyChanges?.linesAdded ?? 0,
          removed: tooManyChanges?.linesRemoved ?? 0,
        })}
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
