/**
 * An audit entry's summary as a person reads it, the same on the page and in the CSV export:
 * `Name: Acme; Role: admin; Filters: action vendor`. Keys become words, lists are joined, nested
 * objects (an export's filters) are written inline.
 */
export function auditSummaryText(summary: Record<string, unknown>): string {
  return Object.entries(summary)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${wordsOf(key)}: ${valueText(value)}`)
    .join('; ');
}

/** `minSeverity` and `vendor_id` → `Min severity`, `Vendor id`. */
function wordsOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => inner !== undefined);
    return entries.length
      ? entries.map(([key, inner]) => `${wordsOf(key).toLowerCase()} ${valueText(inner)}`).join(', ')
      : 'none';
  }
  return String(value);
}
