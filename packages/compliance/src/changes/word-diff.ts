import { diffArrays, diffWords } from 'diff';
import { comparableText } from './main-text';

export interface DiffSegment {
  kind: 'equal' | 'added' | 'removed';
  text: string;
}

/** How far a diff may search before it gives up: a page rewritten by a hostile site must not cost minutes. */
export interface WordDiffLimits {
  /** Lines added plus removed that the line-level search may find; more, and the diff is "too many changes". */
  maxEditLines: number;
  /** Words added plus removed one changed block may hold; more, and that block is shown as whole lines. */
  maxEditWords: number;
  /** Milliseconds the whole diff may take; past it, the search gives up (lines) or shows whole lines (words). */
  timeoutMs: number;
}

export const DEFAULT_WORD_DIFF_LIMITS: WordDiffLimits = { maxEditLines: 1000, maxEditWords: 5000, timeoutMs: 1000 };

/** Either the diff word by word, or how many lines changed when there were too many to show. */
export type WordDiffResult =
  | { segments: DiffSegment[]; tooManyChanges: null }
  | { segments: null; tooManyChanges: { linesAdded: number; linesRemoved: number } };

/**
 * A readable word-level diff of two versions of a page's main text. Lines are matched first by
 * their comparable form (computed once per line), so a line whose only change is a timestamp or an
 * ignored pattern shows as unchanged; the lines that did change are then diffed word by word
 * (jsdiff's diffWords). Both searches are bounded by `limits`: a line search that gives up answers
 * with the number of lines added and removed instead; a changed block whose words cannot be matched
 * in time is shown as whole lines removed and added.
 */
export function wordDiff(
  before: string,
  after: string,
  ignorePatterns: readonly string[] = [],
  limits: WordDiffLimits = DEFAULT_WORD_DIFF_LIMITS,
): WordDiffResult {
  const deadline = Date.now() + limits.timeoutMs;
  const oldLines = before ? before.split('\n') : [];
  const newLines = after ? after.split('\n') : [];
  const oldKeys = oldLines.map((line) => comparableText(line, ignorePatterns));
  const newKeys = newLines.map((line) => comparableText(line, ignorePatterns));
  const blocks = diffArrays(oldKeys, newKeys, { maxEditLength: limits.maxEditLines, timeout: remaining(deadline) });
  if (!blocks) return { segments: null, tooManyChanges: linesChanged(oldKeys, newKeys) };

  const segments: DiffSegment[] = [];
  const push = (kind: DiffSegment['kind'], text: string) => {
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last?.kind === kind) last.text += text;
    else segments.push({ kind, text });
  };
  // Blocks hold keys; the lines shown are found by position (equal lines as they read now).
  let oldAt = 0;
  let newAt = 0;
  const take = (lines: string[], from: number, count: number) => lines.slice(from, from + count).join('\n');
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    if (!block.added && !block.removed) {
      push('equal', `${take(newLines, newAt, block.count)}\n`);
      oldAt += block.count;
      newAt += block.count;
    } else if (block.removed && next?.added) {
      const removed = take(oldLines, oldAt, block.count);
      const added = take(newLines, newAt, next.count);
      const words =
        Date.now() < deadline
          ? diffWords(removed, added, { maxEditLength: limits.maxEditWords, timeout: remaining(deadline) })
          : undefined;
      if (words) for (const word of words) push(word.added ? 'added' : word.removed ? 'removed' : 'equal', word.value);
      else {
        push('removed', `${removed}\n`);
        push('added', added);
      }
      push('equal', '\n');
      oldAt += block.count;
      newAt += next.count;
      i++;
    } else if (block.added) {
      push('added', `${take(newLines, newAt, block.count)}\n`);
      newAt += block.count;
    } else {
      push('removed', `${take(oldLines, oldAt, block.count)}\n`);
      oldAt += block.count;
    }
  }
  const last = segments[segments.length - 1];
  if (last) last.text = last.text.replace(/\n$/, '');
  return { segments: segments.filter((segment) => segment.text), tooManyChanges: null };
}

/** At least a millisecond: jsdiff reads a timeout of 0 as "no timeout". */
const remaining = (deadline: number) => Math.max(1, deadline - Date.now());

/**
 * Lines added and removed when the search gave up: each side's lines that the other side does not
 * hold as often (a multiset difference, linear). Lines that only moved count as unchanged.
 */
function linesChanged(oldKeys: string[], newKeys: string[]): { linesAdded: number; linesRemoved: number } {
  const balance = new Map<string, number>();
  for (const key of oldKeys) balance.set(key, (balance.get(key) ?? 0) + 1);
  for (const key of newKeys) balance.set(key, (balance.get(key) ?? 0) - 1);
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const count of balance.values()) {
    if (count > 0) linesRemoved += count;
    else linesAdded -= count;
  }
  return { linesAdded, linesRemoved };
}
