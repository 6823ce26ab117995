import { COMPLIANCE_THRESHOLDS, type VendorCompliance } from '@vendorwatch/contracts';
import { PDF_COLORS, printable, type Pdf } from './pdf-style';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Line colours of the vendors' trends, distinct on screen and in greyscale print. */
const SERIES = ['#1c7ed6', '#ae3ec9', '#0ca678', '#f76707', '#495057', '#d6336c', '#74b816', '#4263eb'];
export const MAX_TREND_SERIES = SERIES.length;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const AXIS_WIDTH = 28;
const AXIS_HEIGHT = 16;
/** Tick steps, finest first: the axis takes the finest that keeps it to at most MAX_TICKS labels. */
const STEPS = [
  10 * SECOND_MS,
  15 * SECOND_MS,
  30 * SECOND_MS,
  MINUTE_MS,
  5 * MINUTE_MS,
  15 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  2 * DAY_MS,
  7 * DAY_MS,
  14 * DAY_MS,
  30 * DAY_MS,
  91 * DAY_MS,
  182 * DAY_MS,
  365 * DAY_MS,
];
const MAX_TICKS = 6;
/** A single moment still gets an axis: this much either side. */
const LONE_POINT_SPAN_MS = HOUR_MS;

/** When a trend point was observed: when its crawl completed (reassessing an old crawl does not move it). */
const timeOf = (point: VendorCompliance['trend'][number]) => Date.parse(point.crawledAt);

export interface TimeAxis {
  start: number;
  end: number;
  ticks: { at: number; label: string }[];
}

/**
 * A time axis over the moments given: from the first to the last (padded a little, so no point sits
 * on the frame), ticks on round steps in UTC, labelled by date when a step is a day or more, else by
 * time of day (to the second below a minute), the date added where it changes. Points hours — or
 * seconds — apart are that far apart on the page.
 */
export function timeAxis(times: number[]): TimeAxis {
  let start = Math.min(...times);
  let end = Math.max(...times);
  if (!Number.isFinite(start)) start = end = 0;
  if (end - start < SECOND_MS) {
    start -= LONE_POINT_SPAN_MS;
    end += LONE_POINT_SPAN_MS;
  }
  const pad = (end - start) * 0.04;
  start -= pad;
  end += pad;
  const step = STEPS.find((candidate) => (end - start) / candidate <= MAX_TICKS) ?? STEPS.at(-1)!;
  const ticks: TimeAxis['ticks'] = [];
  let lastDate = '';
  for (let at = Math.ceil(start / step) * step; at <= end; at += step) {
    const iso = new Date(at).toISOString();
    const date = iso.slice(0, 10);
    // Seconds only when the step is finer than a minute: crawls of one session are seconds apart.
    const time = iso.slice(11, step < MINUTE_MS ? 19 : 16);
    const label = step >= DAY_MS ? date : date === lastDate ? time : `${date.slice(5)} ${time}`;
    lastDate = date;
    ticks.push({ at, label });
  }
  return { start, end, ticks };
}

/**
 * Each vendor's compliance rate over time as vector lines over the label bands (red below 70, yellow
 * to 90, green above), on a real time axis (UTC). Draws the first vendors with a trend only; the
 * legend says so.
 */
export function drawTrendChart(doc: Pdf, box: Box, vendors: VendorCompliance[]): void {
  const series = trendSeries(vendors);
  const plot = { x: box.x + AXIS_WIDTH, y: box.y, width: box.width - AXIS_WIDTH, height: box.height - AXIS_HEIGHT };
  const axis = timeAxis(series.flatMap((vendor) => vendor.trend.map(timeOf)));
  const xOf = (ms: number) => plot.x + ((ms - axis.start) / (axis.end - axis.start)) * plot.width;
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
  const labelWidth = 64;
  for (const tick of axis.ticks) {
    const x = xOf(tick.at);
    doc
      .moveTo(x, plot.y + plot.height)
      .lineTo(x, plot.y + plot.height + 3)
      .stroke();
    const left = Math.min(Math.max(x - labelWidth / 2, plot.x - 6), plot.x + plot.width - labelWidth + 6);
    doc.text(tick.label, left, plot.y + plot.height + 5, { width: labelWidth, align: 'center', lineBreak: false });
  }

  series.forEach((vendor, i) => {
    const color = SERIES[i]!;
    const points = [...vendor.trend]
      .sort((a, b) => timeOf(a) - timeOf(b))
      .map((point) => [xOf(timeOf(point)), yOf(point.rate)] as const);
    doc.lineWidth(1.5).strokeColor(color);
    points.forEach(([x, y], index) => (index === 0 ? doc.moveTo(x, y) : doc.lineTo(x, y)));
    if (points.length > 1) doc.stroke();
    for (const [x, y] of points) doc.circle(x, y, 2.2).fill(color);
  });
  doc.restore();
}

/** The vendors drawn: the first MAX_TREND_SERIES with an assessment in the period. */
const trendSeries = (vendors: VendorCompliance[]) =>
  vendors.filter((vendor) => vendor.trend.length > 0).slice(0, MAX_TREND_SERIES);

/** The legend under the chart: a swatch and the vendor's name per line; returns the height used. */
export function drawTrendLegend(doc: Pdf, x: number, y: number, width: number, vendors: VendorCompliance[]): number {
  const shown = trendSeries(vendors);
  const withTrend = vendors.filter((vendor) => vendor.trend.length > 0).length;
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
      .text(printable(vendor.vendorName), cx + 14, cy, { width: columnWidth - 18, lineBreak: false, height: lineHeight });
  });
  let height = Math.ceil(shown.length / columns) * lineHeight;
  if (withTrend > shown.length) {
    doc
      .fillColor(PDF_COLORS.muted)
      .text(`Showing the first ${shown.length} of ${withTrend} vendors assessed; the table lists them all.`, x, y + height, {
        width,
      });
    height += lineHeight;
  }
  doc.text('Times in UTC, by when each crawl completed.', x, y + height, { width, lineBreak: false });
  height += lineHeight;
  doc.restore();
  return height;
}
