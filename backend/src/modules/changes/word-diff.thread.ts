import { wordDiff, type WordDiffResult } from '@vendorwatch/compliance';
import type { WordDiffTask } from './word-diff.pool';

/** A WordDiffPool thread's task: two versions of a page's main text in, their bounded word diff out. */
export default function diffTask({ before, after, ignorePatterns }: WordDiffTask): WordDiffResult {
  return wordDiff(before, after, ignorePatterns);
}
