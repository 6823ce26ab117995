import { COMPLIANCE_THRESHOLDS, type VendorCompliance } from '@vendorwatch/contracts';
import { PDF_COLORS, type Pdf } from './pdf-style';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Line colours of the vendors' trends, distinct on screen and in greyscale print. */
const SERIES = ['#1c7ed6', '#ae3ec9', '#0ca678', '#f76707', '#495057', '#d6336c', '#74b816', '#4263eb'];
export const MAX_TREND_SERIES = SERIES.length;
const DAY_MS = 24 * 60 * 60 * 1000;
const AXIS_WIDTH = 28;
const AXIS_HEIGHT = 16;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Each vendor's compliance rate over the period as vector lines over the label bands (red below
 * 70, yellow to 90, green above), with a legend. Draws the first vendors only; the caller says so.
 */
export function drawTrendChart(doc: Pdf, box: Box, vendors: VendorCompliance[]): void {
  const series = vendors.slice(0, MAX_TREND_SERIES).filter((vendor) => vendor.trend.length > 0);
  const plot = { x: box.x + AXIS_WIDTH, y: box.y, width: box.width - AXIS_WIDTH, height: box.height - AXIS_HEIGHT };
  const times = series.flatMap((vendor) => vendor.trend.map((point) => Date.parse(point.assessedAt)));
  // One moment only (or none) still needs a time axis: a day either side.
  let start = Math.min(...times);
  let end = Math.max(...times);
  if (!Number.isFinite(start) || end - start < DAY_MS) {
    const middle = Number.isFinite(start) ? (start + end) / 2 : Date.now();
    start = middle - DAY_MS;
    end = middle + DAY_MS;
  }
  const xOf = (ms: number) => plot.x + ((ms - start) / (end - start)) * plot.width;
  const yOf = (rate: number) => plot.y + plot.height - (rate / 100) * plot.height;

  doc.save();
  const band = (from: number, to: number, color: string) =>
    doc.rect(plot.x, yOf(to), plot.width, yOf(from) - yOf(to)).fill(color);
  band(0, COMPLIANCE_THRESHOLDS.partial, PDF_COLORS.redBand);
  band(COMPLIANCE_THRESHOLDS.partial, COMPLIANCE_THRESHOLDS.compliant, PDF_COLORS.yellowBand);
  band(COMPLIANCE_THRESHOLDS.compliant, 100, PDF_COLORS.greenBand);

  doc.font('Helvetica').fontSize(7).fillColor(PDF_COLORS.muted).lineWidth(0.5).strokeColor(PDF_COLORS.grid);
  for (const rate of [0, 25, 50, COMPLIANCE_THRESHOLDS.partial, COMPLIANCE_THRESHOLDS.compliant, 100]) {
    doc
      .moveTo(plot.x, yOf(rate))
      .lineTo(plot.x + plot.width, yOf(rate))
      .stroke();
    doc.text(`${rate}%`, box.x, yOf(rate) - 3, { width: AXIS_WIDTH - 4, align: 'right', lineBreak: false });
  }
  const ticks = [start, (start + end) / 2, end];
  ticks.forEach((ms, i) => {
    const align = i === 0 ? 'left' : i === ticks.length - 1 ? 'right' : 'center';
    const width = 80;
    const x = align === 'left' ? xOf(ms) : align === 'right' ? xOf(ms) - width : xOf(ms) - width / 2;
    doc.text(day(ms), x, plot.y + plot.height + 4, { width, align, lineBreak: false });
  });

  series.forEach((vendor, i) => {
    const color = SERIES[i]!;
    const points = vendor.trend.map((point) => [xOf(Date.parse(point.assessedAt)), yOf(point.rate)] as const);
    doc.lineWidth(1.5).strokeColor(color);
    points.forEach(([x, y], index) => (index === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    if (points.length > 1) doc.stroke();
    for (const [x, y] of points) doc.circle(x, y, 2).fill(color);
  });
  doc.restore();
}

/** The legend under the chart: a swatch and the vendor's name per line; returns the height used. */
export function drawTrendLegend(doc: Pdf, x: number, y: number, width: number, vendors: VendorCompliance[]): number {
  const shown = vendors.slice(0, MAX_TREND_SERIES);
  const columns = 2;
  const columnWidth = width / columns;
  const lineHeight = 12;
  doc.save().font('Helvetica').fontSize(8);
  shown.forEach((vendor, i) => {
    const cx = x + (i % columns) * columnWidth;
    const cy = y + Math.floor(i / columns) * lineHeight;
    doc.rect(cx, cy + 2, 10, 4).fill(SERIES[i]!);
    doc
      .fillColor(PDF_COLORS.text)
      .text(vendor.vendorName, cx + 14, cy, { width: columnWidth - 18, lineBreak: false, height: lineHeight });
  });
  let height = Math.ceil(shown.length / columns) * lineHeight;
  if (vendors.length > shown.length) {
    doc
      .fillColor(PDF_COLORS.muted)
      .text(`Showing the first ${shown.length} of ${vendors.length} vendors; the table above lists them all.`, x, y + height, {
        width,
      });
    height += lineHeight;
  }
  doc.restore();
  return height;
}
