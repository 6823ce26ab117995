import { complianceColor, type CheckSeverity } from '@vendorwatch/contracts';

export type Pdf = PDFKit.PDFDocument;

export const PDF_COLORS = {
  text: '#212529',
  muted: '#6c757d',
  grid: '#ced4da',
  rule: '#dee2e6',
  tile: '#f1f3f5',
  green: '#2f9e44',
  yellow: '#f08c00',
  red: '#e03131',
  greenBand: '#ebfbee',
  yellowBand: '#fff9db',
  redBand: '#fff5f5',
} as const;

/** The label's colour (green ≥ 90, yellow ≥ 70, red below) as the PDF prints it. */
export const rateColor = (rate: number) => PDF_COLORS[complianceColor(rate)];

export const SEVERITY_COLORS: Record<CheckSeverity, string> = {
  critical: PDF_COLORS.red,
  high: '#e8590c',
  medium: PDF_COLORS.yellow,
  low: PDF_COLORS.muted,
};

export const formatRate = (rate: number | null) => (rate === null ? '–' : `${rate.toFixed(1)}%`);

/** The text, shortened with an ellipsis until it fits `width` in the current font. */
export function fit(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** Starts a new page unless `height` points still fit above the bottom margin. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/**
 * The standard PDF fonts only know the Windows-1252 characters; anything else (crawled text in
 * another script) would print as garbage, so it is replaced with '?'.
 */
export const printable = (text: string) =>
  text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018-\u201d\u2022\u2026\u20ac]/g, '?');
