import { createHash } from 'node:crypto';

/**
 * A page's main text as change detection compares it: the text of its content (the crawler leaves
 * out navigation, header, footer, aside, scripts, styles and the vendor's ignored selectors), one
 * block a line, whitespace collapsed. What changes on every load (dates, times, counters) and the
 * vendor's ignored text patterns are masked before comparing, so they never make a page "changed".
 */

/** Stored per page: enough for any policy page, bounded so one page cannot bloat the table. */
export const MAX_MAIN_TEXT = 100_000;

/** Replaces what changes on every load. Each pattern is linear (no nested quantifiers). */
export const VOLATILE: readonly RegExp[] = [
  // 2026-11-23, 2026-11-23T21:57:23.123Z, 2026-11-23 21:57+01:00
  /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g,
  // 23/11/2026, 11.23.26, 23-11-2026
  /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/g,
  // 23 November 2026, Nov 23, 2026, November 23rd 2026
  /\b(?:\d{1,2}(?:st|nd|rd|th)?\s)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?(?:\s\d{1,2}(?:st|nd|rd|th)?)?,?\s\d{4}\b/gi,
  // 21:57, 9:05:12 pm
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\b\.?)?/gi,
  // 5 minutes ago
  /\b\d+\s(?:second|minute|hour|day|week|month|year)s?\sago\b/gi,
  // Counters: 12,345 / 12.345 / 1234567 (four digits or more; years included, "© 2026" moves every January)
  /\b\d{1,3}(?:[,.]\d{3})+\b|\b\d{4,}\b/g,
];

/**
 * How far a volatile match reaches from the digits it holds: every pattern's match holds a digit,
 * with at most a dozen other characters before its first digit ("September. 2026") or after its
 * last ("5 minutes ago", "9:05 p.m."), plus the one character a word boundary looks at. Text
 * farther than this from every digit is never matched, even after the patterns before have
 * replaced what was nearer (each replacement eats at most that dozen), so it is left alone.
 */
const VOLATILE_REACH = 100;
const DIGIT_RUN = /\d+/g;

/**
 * Masks every volatile pattern, one after the other, in the stretches of the text around digits.
 * A page's text is mostly words: running each pattern over all of it was most of the cost of
 * reading a page, and the result is the same as running them over the whole text.
 */
export function maskVolatile(text: string): string {
  let masked = '';
  let copied = 0;
  for (const [start, end] of aroundDigits(text)) {
    masked += text.slice(copied, start) + maskAll(text.slice(start, end));
    copied = end;
  }
  return copied === 0 ? text : masked + text.slice(copied);
}

/** The stretches within VOLATILE_REACH of a digit, overlapping ones merged, in order. */
function* aroundDigits(text: string): Generator<[number, number]> {
  let window: [number, number] | null = null;
  for (const run of text.matchAll(DIGIT_RUN)) {
    const start = Math.max(run.index - VOLATILE_REACH, 0);
    const end = Math.min(run.index + run[0].length + VOLATILE_REACH, text.length);
    if (window && start <= window[1]) window[1] = end;
    else {
      if (window) yield window;
      window = [start, end];
    }
  }
  if (window) yield window;
}

function maskAll(text: string): string {
  let masked = text;
  for (const pattern of VOLATILE) masked = masked.replace(pattern, '#');
  return masked;
}

/**
 * Removes what a vendor's text patterns match, line by line. A pattern is a literal substring, or a
 * glob where `*` stands for any run of characters within the line: matched by indexOf, never by a
 * regular expression built from user input, so no pattern can make matching slow.
 */
export function removeIgnoredText(text: string, patterns: readonly string[]): string {
  if (patterns.length === 0) return text;
  return text
    .split('\n')
    .map((line) => patterns.reduce((current, pattern) => removeGlob(current, pattern), line))
    .join('\n');
}

function removeGlob(line: string, pattern: string): string {
  const parts = pattern.split('*');
  const literal = parts.filter(Boolean);
  if (literal.length === 0) return line; // "*" alone would erase everything: ignored
  const openStart = parts[0] === '';
  const openEnd = parts[parts.length - 1] === '';
  let out = '';
  let from = 0;
  for (;;) {
    const match = globMatch(line, literal, from);
    if (!match) break;
    const start = openStart ? from : match.start;
    const end = openEnd ? line.length : match.end;
    out += line.slice(from, start);
    from = end;
    if (end === start || from >= line.length) break;
  }
  return out + line.slice(from);
}

/** The first span of `line` from `from` holding the literal parts in order (each found by indexOf). */
function globMatch(line: string, literal: string[], from: number): { start: number; end: number } | null {
  const start = line.indexOf(literal[0]!, from);
  if (start === -1) return null;
  let end = start + literal[0]!.length;
  for (const part of literal.slice(1)) {
    const at = line.indexOf(part, end);
    if (at === -1) return null;
    end = at + part.length;
  }
  return { start, end };
}

/** The text two crawls' versions of a page are compared by. */
export const comparableText = (mainText: string, patterns: readonly string[] = []) =>
  collapseLines(maskVolatile(removeIgnoredText(mainText, patterns)));

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Block-level text joined into lines, whitespace collapsed, capped: what a page stores, storable as it
 * is. PostgreSQL refuses the NUL character in text, and a lone UTF-16 surrogate (a page's broken
 * text, or the cap cutting a pair) is not a character: NULs go before the collapse, so removing one
 * cannot leave two spaces side by side, and lone surrogates become U+FFFD. The hash is then taken of
 * exactly the text stored.
 */
export function tidyMainText(raw: string): string {
  const lines = collapseLines(raw.includes('\u0000') ? raw.replaceAll('\u0000', '') : raw);
  return (lines.length > MAX_MAIN_TEXT ? lines.slice(0, MAX_MAIN_TEXT).trimEnd() : lines).toWellFormed();
}

/**
 * A crawled page's stored main text and its hash, the same as `textHash(comparableText(mainText))`
 * with one collapse instead of two: tidy text stays tidy under the masks, since every volatile
 * pattern starts and ends with a character that is not whitespace.
 */
export function mainTextWithHash(raw: string): { mainText: string; mainTextHash: string } {
  const mainText = tidyMainText(raw);
  return { mainText, mainTextHash: textHash(maskVolatile(mainText)) };
}

/**
 * Each line's whitespace runs as one space, lines trimmed, empty lines dropped. It runs on every
 * crawled page, so each pass matches only what must change: a single space between words (most of
 * a text) is left where it is rather than replaced by itself, three times faster on a page's text.
 */
function collapseLines(text: string): string {
  return text
    .replace(/[^\S\n]{2,}|[^\S \n]/g, ' ')
    .replace(/ \n[ \n]*|\n[ \n]+/g, '\n')
    .trim();
}
