/**
 * The glob syntax of exclude patterns, written out as a regular expression for a linear-time
 * engine (RE2: no backtracking, so no pattern can stall the matcher):
 * - `*` any run of characters but `/`; `**` any run including `/` (`/**` at the end and `**\/`
 *   also match nothing, so `/drafts/**` covers `/drafts`);
 * - `?` one character but `/`; `[abc]`, `[a-z]`, `[!abc]` one character of (or not of) a set;
 * - `{a,b}` either alternative (nestable); `\x` the character x; anything else itself.
 * Wildcards are counted so that saving can bound them.
 */

export const GLOB_LIMITS = {
  /** `*`, `**` and `?` in one pattern. */
  maxWildcards: 10,
  /** Alternatives of `{…}` groups in one pattern, all groups together. */
  maxAlternatives: 20,
} as const;

export interface GlobTranslation {
  /** An anchored regular expression (RE2 and JavaScript syntax). */
  source: string;
  wildcards: number;
  alternatives: number;
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/g;
const escapeRegex = (text: string) => text.replace(REGEX_SPECIAL, '\\$&');
/** Inside a character class only these mean something. */
const escapeClassChar = (char: string) => (/[\\\]^-]/.test(char) ? `\\${char}` : char);

/** Translates a glob; never throws: what is not syntax (an unclosed `[` or `{`) is literal. */
export function translateGlob(pattern: string): GlobTranslation {
  let wildcards = 0;
  let alternatives = 0;
  let i = 0;

  /** Reads until the end, or (inside braces) until the `,` or `}` that ends an alternative. */
  const sequence = (inBraces: boolean): string => {
    let out = '';
    while (i < pattern.length) {
      const char = pattern[i]!;
      if (inBraces && (char === ',' || char === '}')) return out;
      if (char === '\\' && i + 1 < pattern.length) {
        out += escapeRegex(pattern[i + 1]!);
        i += 2;
      } else if (char === '*') {
        let end = i;
        while (pattern[end] === '*') end++;
        const double = end - i >= 2;
        wildcards++;
        if (!double) {
          out += '[^/]*';
        } else if (pattern[end] === '/' && (i === 0 || pattern[i - 1] === '/')) {
          // `**/`: any number of whole segments, none included.
          out += '(?:.*/)?';
          end++;
        } else if (end === pattern.length && out.endsWith('/') && !inBraces) {
          // `/**` at the end: the folder itself or anything under it.
          out = `${out.slice(0, -1)}(?:/.*)?`;
        } else {
          out += '.*';
        }
        i = end;
      } else if (char === '?') {
        wildcards++;
        out += '[^/]';
        i++;
      } else if (char === '[') {
        const cls = characterClass(i);
        if (cls) {
          out += cls.source;
          i = cls.end;
        } else {
          out += '\\[';
          i++;
        }
      } else if (char === '{' && closes(i)) {
        i++;
        const options: string[] = [];
        for (;;) {
          options.push(sequence(true));
          alternatives++;
          if (pattern[i] === ',') {
            i++;
            continue;
          }
          i++; // the closing brace
          break;
        }
        out += `(?:${options.join('|')})`;
      } else {
        out += escapeRegex(char);
        i++;
      }
    }
    return out;
  };

  /** Whether the `{` at `start` has its `}` (nesting counted), so its contents are alternatives. */
  const closes = (start: number): boolean => {
    let depth = 0;
    for (let j = start; j < pattern.length; j++) {
      if (pattern[j] === '\\') j++;
      else if (pattern[j] === '{') depth++;
      else if (pattern[j] === '}' && --depth === 0) return true;
    }
    return false;
  };

  const characterClass = (start: number): { source: string; end: number } | null => {
    let j = start + 1;
    const negated = pattern[j] === '!' || pattern[j] === '^';
    if (negated) j++;
    let body = '';
    let first = true;
    while (j < pattern.length && (pattern[j] !== ']' || first)) {
      const char = pattern[j]!;
      if (char === '\\' && j + 1 < pattern.length) {
        body += escapeClassChar(pattern[j + 1]!);
        j += 2;
      } else if (char === '-' && !first && pattern[j + 1] !== ']') {
        body += '-';
        j++;
      } else {
        body += escapeClassChar(char);
        j++;
      }
      first = false;
    }
    if (j >= pattern.length) return null;
    // A negated set does not match the path separator, as `*` and `?` do not.
    return { source: negated ? `[^/${body}]` : `[${body}]`, end: j + 1 };
  };

  const body = sequence(false);
  return { source: `^${body}$`, wildcards, alternatives };
}
