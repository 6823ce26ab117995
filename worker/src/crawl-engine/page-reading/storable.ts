/**
 * What a crawled page says, made storable: PostgreSQL refuses the NUL character in text and jsonb,
 * and jsonb refuses lone UTF-16 surrogates; one such character from a site would fail the page's
 * write (and, retried, the crawl). Both go; long strings are cut.
 */
export function storableText(value: string, maxLength = Infinity): string {
  const clean = value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  // Cut first: a cut can split a surrogate pair, which the next step then repairs (lone surrogates
  // become U+FFFD; the engine's own scan, many times faster than a regular expression on a page's text).
  return clean.slice(0, maxLength).toWellFormed();
}

/** The same for every string inside a value (keys included), recursively. */
export function storable<T>(value: T, maxStringLength = Infinity): T {
  if (typeof value === 'string') return storableText(value, maxStringLength) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => storable(item, maxStringLength)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [storableText(key, maxStringLength), storable(item, maxStringLength)]),
  ) as T;
}
