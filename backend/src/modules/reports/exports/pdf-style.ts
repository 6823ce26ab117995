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

/** The page's text column: the left margin and the width between the margins. */
export const MARGIN = 50;
export const contentWidth = (doc: Pdf) => doc.page.width - 2 * MARGIN;

/** A section heading at the left margin. */
export function heading(doc: Pdf, text: string, size = 15): void {
  doc
    .font('Helvetica-Bold')
    .fontSize(size)
    .fillColor(PDF_COLORS.text)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

/** A line of muted text at the left margin (an empty state, a note). */
export function note(doc: Pdf, text: string, indent = 0): void {
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PDF_COLORS.muted)
    .text(printable(text), MARGIN + indent, doc.y, { width: contentWidth(doc) - indent });
}

/** A rounded label ("Compliant", "Last crawl failed") in a colour, at (x, y); returns its width. */
export function pill(doc: Pdf, text: string, x: number, y: number, color: string, outlined = false): number {
  doc.font('Helvetica-Bold').fontSize(8);
  const width = doc.widthOfString(text) + 12;
  if (outlined) doc.roundedRect(x, y, width, 14, 7).lineWidth(0.8).strokeColor(color).stroke();
  else doc.roundedRect(x, y, width, 14, 7).fill(color);
  doc.fillColor(outlined ? color : '#ffffff').text(text, x + 6, y + 3.5, { lineBreak: false });
  return width;
}

/** A thin rule across the text column under the current line. */
export function rule(doc: Pdf, gap = 3): void {
  const y = doc.y + gap;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.y = y + gap + 2;
}

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
