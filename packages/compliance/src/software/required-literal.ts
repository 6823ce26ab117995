/**
 * The longest run of plain characters every match of a regular expression must contain, lower-cased:
 * `/\*!? jQuery v([0-9]…)` → " jquery v", `nginx(?:/([\d.]+))?` → "nginx". A pattern is only run on a
 * value that contains its literal, so thousands of patterns cost one substring search each on a value they
 * cannot match, and a vendor's long script URL or banner meets only the few patterns that could match it.
 *
 * Read conservatively from the source: only characters outside every group and class count (a group may be
 * optional), a character followed by `?`, `*` or `{0,…}` does not, a top-level `|` means nothing is
 * required (""), and only ASCII is kept, so a case-insensitive pattern's literal is found in the value
 * lower-cased (non-Unicode case folding maps no non-ASCII character to an ASCII one). "" when there is none:
 * such a pattern runs on every value.
 */
export function requiredLiteral(source: string): string {
  let best = '';
  let run = '';
  let depth = 0;
  const endRun = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  /** Whether the atom ending before `at` may be absent, and whether it may repeat (so the run cannot go on past it). */
  const quantifierAt = (at: number): 'optional' | 'repeated' | null => {
    const q = source[at];
    if (q === '?' || q === '*') return 'optional';
    if (q === '+') return 'repeated';
    if (q === '{')
      return /^\{0*[,}]/.test(source.slice(at)) ? 'optional' : /^\{\d+(,\d*)?\}/.test(source.slice(at)) ? 'repeated' : null;
    return null;
  };
  const literal = (char: string, next: number) => {
    const quantifier = quantifierAt(next);
    if (quantifier === 'optional' || char.charCodeAt(0) > 0x7f) return endRun();
    run += char.toLowerCase();
    if (quantifier === 'repeated') endRun();
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === '\\') {
      const escaped = source[++i];
      if (depth === 0 && escaped !== undefined && /[^A-Za-z0-9]/.test(escaped)) literal(escaped, i + 1);
      else if (depth === 0) endRun(); // \d, \w, \b, \1, \x41 …: not one known character
      continue;
    }
    if (char === '[') {
      // A class: skip to its end (a `]` right after `[` or `[^` belongs to it).
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      if (depth === 0) endRun();
      continue;
    }
    if (char === '(') {
      depth++;
      endRun();
      continue;
    }
    if (char === ')') {
      depth = Math.max(0, depth - 1);
      endRun();
      continue;
    }
    if (char === '|' && depth === 0) return '';
    if (depth > 0) continue;
    if ('.^$*+?{}|'.includes(char)) {
      endRun();
      continue;
    }
    literal(char, i + 1);
  }
  endRun();
  return best;
}
