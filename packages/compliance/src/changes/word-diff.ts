import { diffArrays, diffWords } from 'diff';
import { comparableText } from './main-text';

export interface DiffSegment {
  kind: 'equal' | 'added' | 'removed';
  text: string;
}

/** Beyond this many changed words a diff is not readable anyway, and its cost grows with the square. */
const MAX_EDIT_WORDS = 5000;

/**
 * A readable word-level diff of two versions of a page's main text. Lines are matched first by
 * their comparable form, so a line whose only change is a timestamp or an ignored pattern shows
 * as unchanged; the lines that did change are then diffed word by word (jsdiff's diffWords).
 * null when the texts differ too much to show.
 */
export function wordDiff(before: string, after: string, ignorePatterns: readonly string[] = []): DiffSegment[] | null {
  const oldLines = before ? before.split('\n') : [];
  const newLines = after ? after.split('\n') : [];
  const key = (line: string) => comparableText(line, ignorePatterns);
  const blocks = diffArrays(oldLines, newLines, { comparator: (a, b) => key(a) === key(b) });
  const segments: DiffSegment[] = [];
  const push = (kind: DiffSegment['kind'], text: string) => {
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last?.kind === kind) last.text += text;
    else segments.push({ kind, text });
  };
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const next = blocks[i + 1];
    if (!block.added && !block.removed) push('equal', `${block.value.join('\n')}\n`);
    else if (block.removed && next?.added) {
      const words = diffWords(block.value.join('\n'), next.value.join('\n'), { maxEditLength: MAX_EDIT_WORDS });
      if (!words) return null;
      for (const word of words) push(word.added ? 'added' : word.removed ? 'removed' : 'equal', word.value);
      push('equal', '\n');
      i++;
    } else push(block.added ? 'added' : 'removed', `${block.value.join('\n')}\n`);
  }
  const last = segments[segments.length - 1];
  if (last) last.text = last.text.replace(/\n$/, '');
  return segments.filter((segment) => segment.text);
}
