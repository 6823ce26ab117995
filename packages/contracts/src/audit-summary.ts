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

/** Words written in capitals wherever they stand. */
const ACRONYMS: Record<string, string> = {
  api: 'API',
  csv: 'CSV',
  dkim: 'DKIM',
  id: 'ID',
  ids: 'IDs',
  ip: 'IP',
  mfa: 'MFA',
  pdf: 'PDF',
  sso: 'SSO',
  tls: 'TLS',
  totp: 'TOTP',
  url: 'URL',
  urls: 'URLs',
};

/** `minSeverity`, `vendor_id` and `dkimSelectors` → `Min severity`, `Vendor ID`, `DKIM selectors` (lower-case first letter inline). */
function wordsOf(key: string, first: 'upper' | 'lower' = 'upper'): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase()
    .split(/\s+/);
  const written = words.map((word) => ACRONYMS[word] ?? word).join(' ');
  if (ACRONYMS[words[0]!] || first === 'lower') return written;
  return written.charAt(0).toUpperCase() + written.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => inner !== undefined);
    return entries.length ? entries.map(([key, inner]) => `${wordsOf(key, 'lower')} ${valueText(inner)}`).join(', ') : 'none';
  }
  return String(value);
}
