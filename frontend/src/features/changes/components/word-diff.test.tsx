import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { WordDiff } from './word-diff';

describe('WordDiff', () => {
  it('says how many lines were added and removed when the changes are too many to show word by word', () => {
    renderWithProviders(<WordDiff diff={{ segments: null, tooManyChanges: { linesAdded: 6000, linesRemoved: 5990 } }} />);
    expect(screen.getByTestId('word-diff-too-large')).toHaveTextContent(
      'Too many changes to show word by word; 6000 lines added, 5990 removed',
    );
  });
});
