/** Wording shared by the checks' summaries and evidence, so every line reads the same way. */

/** "1 page", "3 pages", "2 properties" (give the plural when adding an s is wrong). */
export const count = (n: number, singular: string, plural = `${singular}s`) => `${n} ${n === 1 ? singular : plural}`;

/** "a, b, c and 2 more": the first few of a list, de-duplicated, in order. */
export function listOf(items: Iterable<string>, shown = 5): string {
  const unique = [...new Set(items)];
  return `${unique.slice(0, shown).join(', ')}${unique.length > shown ? ` and ${unique.length - shown} more` : ''}`;
}

/** "all 3 cookies", "the one cookie". */
export const allOf = (n: number, singular: string, plural = `${singular}s`) =>
  n === 1 ? `the one ${singular}` : `all ${n} ${plural}`;
