import {
  CHECK_SEVERITIES,
  CHECK_SEVERITY_LABELS,
  COMPLIANCE_LABELS,
  complianceColor,
  VENDOR_REPORT_STATE_LABELS,
  type ComplianceLabel,
  type ReportsOverview,
  type VendorCompliance,
} from '@vendorwatch/contracts';
import type { PeriodChangeRow, PortfolioFindingRow } from '@vendorwatch/db';
import { describeChange, rateChange } from './pdf-changes';
import {
  contentWidth,
  ensureSpace,
  fit,
  formatRate,
  heading,
  MARGIN,
  note,
  PDF_COLORS,
  pill,
  printable,
  rateColor,
  SEVERITY_COLORS,
  type Pdf,
} from './pdf-style';
import { drawTrendChart, drawTrendLegend } from './pdf-trend-chart';
import { drawTiles, type PdfTile } from './pdf-tiles';
import { formatUtc } from './report-export';

const LABEL_COLORS: Record<ComplianceLabel, string> = {
  Compliant: PDF_COLORS.green,
  'Partially Compliant': PDF_COLORS.yellow,
  'Non-Compliant': PDF_COLORS.red,
};

/** The figures a reader takes in first: vendors assessed of those in scope, the average, pages, open failures. */
export function summaryTiles(doc: Pdf, overview: ReportsOverview): void {
  const height = 62;
  ensureSpace(doc, height + 10);
  const failures = CHECK_SEVERITIES.reduce((sum, severity) => sum + overview.openFailures[severity], 0);
  const tiles: PdfTile[] = [
    {
      label: 'Vendors assessed',
      value: `${overview.vendorsAssessed} of ${overview.vendorsInScope}`,
      color: overview.vendorsAssessed < overview.vendorsInScope ? PDF_COLORS.yellow : undefined,
      detail: `${overview.vendorsCrawlFailed} last crawl failed · ${overview.vendorsNotAssessed} not assessed yet`,
    },
    {
      label: 'Average compliance rate',
      value: formatRate(overview.averageRate),
      color: overview.averageRate === null ? undefined : rateColor(overview.averageRate),
    },
    { label: 'Pages checked', value: overview.pagesChecked.toLocaleString('en-US') },
    {
      label: 'Open failures',
      value: String(failures),
      color: overview.openFailures.critical + overview.openFailures.high > 0 ? PDF_COLORS.red : undefined,
      // Two severities a line: the tile is narrow.
      detail: [CHECK_SEVERITIES.slice(0, 2), CHECK_SEVERITIES.slice(2)]
        .map((line) => line.map((severity) => `${severity} ${overview.openFailures[severity]}`).join(' · '))
        .join('\n'),
    },
  ];
  drawTiles(doc, tiles, {
    height,
    padding: 8,
    labelSize: 8,
    valueSize: 18,
    detailSize: 6.5,
    detailTop: 44,
    detailOneLine: false,
  });
}

/** How many vendors carry each label, and how many have none (not assessed, last crawl failed). */
export function vendorsByLabel(doc: Pdf, overview: ReportsOverview): void {
  ensureSpace(doc, 60);
  heading(doc, 'Vendors by label', 12);
  const counts: { text: string; count: number; color: string; outlined?: boolean }[] = [
    ...COMPLIANCE_LABELS.map((label) => ({
      text: label,
      count: overview.vendors.filter((vendor) => vendor.label === label).length,
      color: LABEL_COLORS[label],
    })),
    { text: VENDOR_REPORT_STATE_LABELS.crawl_failed, count: overview.vendorsCrawlFailed, color: PDF_COLORS.red, outlined: true },
    {
      text: VENDOR_REPORT_STATE_LABELS.not_assessed,
      count: overview.vendorsNotAssessed,
      color: PDF_COLORS.muted,
      outlined: true,
    },
  ];
  const y = doc.y;
  let x = MARGIN;
  for (const entry of counts) {
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(PDF_COLORS.text)
      .text(String(entry.count), x, y + 1, { lineBreak: false });
    x += doc.widthOfString(String(entry.count)) + 4;
    x += pill(doc, entry.text, x, y, entry.color, entry.outlined) + 14;
  }
  doc.x = MARGIN;
  doc.y = y + 26;
}

/** The checks failing at most vendors, most severe first, with how to fix each. */
export function worstFindings(doc: Pdf, findings: PortfolioFindingRow[], assessed: number): void {
  ensureSpace(doc, 60);
  heading(doc, 'Worst findings across the portfolio', 12);
  if (findings.length === 0) {
    note(doc, assessed === 0 ? 'No vendor was assessed in this period.' : 'No check fails in any vendor’s latest assessment.');
    doc.moveDown(1);
    return;
  }
  const width = contentWidth(doc);
  for (const finding of findings) {
    ensureSpace(doc, 34);
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(SEVERITY_COLORS[finding.severity])
      .text(CHECK_SEVERITY_LABELS[finding.severity].toUpperCase(), MARGIN, y + 1, { width: 52, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(PDF_COLORS.text)
      .text(printable(finding.title), MARGIN + 56, y, { width: width - 56 - 110 });
    const after = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(PDF_COLORS.text)
      .text(`fails at ${finding.vendors} of ${assessed} ${assessed === 1 ? 'vendor' : 'vendors'}`, MARGIN + width - 110, y, {
        width: 110,
        align: 'right',
        lineBreak: false,
      });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      .text(`How to fix: ${printable(finding.howToFix)}`, MARGIN + 56, after, { width: width - 56 });
    doc.moveDown(0.5);
  }
  doc.moveDown(0.5);
}

/** Per vendor, how its rate and findings moved over the period's compared crawls. */
export function changesSummary(doc: Pdf, overview: ReportsOverview, changes: PeriodChangeRow[]): void {
  ensureSpace(doc, 60);
  heading(doc, 'What changed in the period', 12);
  const byVendor = new Map<string, PeriodChangeRow[]>();
  for (const change of changes) byVendor.set(change.vendorId, [...(byVendor.get(change.vendorId) ?? []), change]);
  if (byVendor.size === 0) {
    note(doc, 'No crawl of the period was compared with an earlier crawl of its vendor.');
    doc.moveDown(1);
    return;
  }
  const width = contentWidth(doc);
  for (const vendor of overview.vendors) {
    const rows = byVendor.get(vendor.vendorId);
    if (!rows) continue;
    ensureSpace(doc, 30);
    const first = rows[0]!;
    const last = rows.at(-1)!;
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(PDF_COLORS.text)
      .text(`${printable(vendor.vendorName)}: `, MARGIN, doc.y, { width, continued: true })
      .font('Helvetica')
      .text(
        `${rateChange(first.rateBefore, first.labelBefore, last.rateAfter, last.labelAfter)} over ${rows.length} compared ${
          rows.length === 1 ? 'crawl' : 'crawls'
        }`,
      );
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(PDF_COLORS.muted)
      .text(printable(describeTotals(rows)), MARGIN + 10, doc.y, { width: width - 10 });
    doc.moveDown(0.4);
  }
  doc.moveDown(0.6);
}

/** The period's comparisons of one vendor added up in a sentence. */
function describeTotals(rows: PeriodChangeRow[]): string {
  const sum = (pick: (row: PeriodChangeRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return describeChange({
    added: sum((row) => row.added),
    removed: sum((row) => row.removed),
    changed: sum((row) => row.changed),
    policyPagesChanged: sum((row) => row.policyPagesChanged),
    findingsNew: rows.flatMap((row) => row.findingsNew),
    findingsResolved: rows.flatMap((row) => row.findingsResolved),
    findingsNotComparable: rows.flatMap((row) => row.findingsNotComparable),
    methodsChanged: rows.filter((row) => row.methodBefore && row.methodAfter && row.methodBefore !== row.methodAfter),
  });
}

const TABLE_COLUMNS = [
  { title: 'Vendor', width: 0.4 },
  { title: 'Compliance rate', width: 0.17 },
  { title: 'Label', width: 0.22 },
  { title: 'Last assessed', width: 0.21 },
];
const ROW_HEIGHT = 20;

/** Every vendor in scope: its rate and label, or the state that stands in for them, and when it was assessed. */
export function vendorTable(doc: Pdf, vendors: VendorCompliance[]): void {
  ensureSpace(doc, 80);
  heading(doc, 'Vendors', 12);
  if (vendors.length === 0) {
    note(doc, 'No vendor is in this report’s scope.');
    doc.moveDown(1);
    return;
  }
  const width = contentWidth(doc);
  // Each column starts where the previous ends; 8 points of air between them.
  const xs: number[] = [];
  const widths: number[] = [];
  let left = MARGIN;
  for (const column of TABLE_COLUMNS) {
    xs.push(left);
    widths.push(column.width * width - 8);
    left += column.width * width;
  }
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(PDF_COLORS.muted);
    TABLE_COLUMNS.forEach((column, i) => doc.text(column.title, xs[i]!, y, { width: widths[i], lineBreak: false }));
    doc
      .moveTo(MARGIN, y + 14)
      .lineTo(MARGIN + width, y + 14)
      .lineWidth(0.75)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
    doc.y = y + 18;
  };
  header();
  for (const vendor of vendors) {
    const failure = vendor.lastCrawl?.failure;
    const height = ROW_HEIGHT + (failure ? 12 : 0);
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
    doc.text(fit(doc, printable(vendor.vendorName), widths[0]!), xs[0]!, y + 4, { width: widths[0], lineBreak: false });
    if (vendor.rate !== null && vendor.label) {
      const color = rateColor(vendor.rate);
      doc
        .font('Helvetica-Bold')
        .fillColor(color)
        .text(formatRate(vendor.rate), xs[1]!, y + 4, { lineBreak: false });
      pill(doc, vendor.label, xs[2]!, y + 2, PDF_COLORS[complianceColor(vendor.rate)]);
    } else {
      doc
        .font('Helvetica')
        .fillColor(PDF_COLORS.muted)
        .text('–', xs[1]!, y + 4, { lineBreak: false });
      const failed = vendor.state === 'crawl_failed';
      pill(doc, VENDOR_REPORT_STATE_LABELS[vendor.state], xs[2]!, y + 2, failed ? PDF_COLORS.red : PDF_COLORS.muted, true);
    }
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(PDF_COLORS.text)
      .text(vendor.lastAssessedAt ? formatUtc(new Date(vendor.lastAssessedAt)) : '—', xs[3]!, y + 4.5, {
        width: widths[3],
        lineBreak: false,
      });
    if (failure && vendor.lastCrawl)
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(PDF_COLORS.red)
        .text(
          fit(doc, printable(`Last crawl failed ${formatUtc(new Date(vendor.lastCrawl.at))}: ${failure.summary}`), width - 10),
          xs[0]! + 10,
          y + ROW_HEIGHT - 2,
          { lineBreak: false },
        );
    doc.x = MARGIN;
    doc.y = y + height;
  }
  doc.moveDown(1);
}

/** The chart of every assessed vendor's rate over the period, on a time axis. */
export function trendSection(doc: Pdf, vendors: VendorCompliance[]): void {
  const chartHeight = 190;
  ensureSpace(doc, chartHeight + 90);
  heading(doc, 'Compliance rate over the period', 12);
  if (!vendors.some((vendor) => vendor.trend.length > 0)) {
    note(doc, 'Nothing to chart: no vendor was assessed in this period.');
    doc.moveDown(1);
    return;
  }
  const width = contentWidth(doc);
  const top = doc.y;
  drawTrendChart(doc, { x: MARGIN, y: top, width, height: chartHeight }, vendors);
  const legend = drawTrendLegend(doc, MARGIN + 28, top + chartHeight + 8, width - 28, vendors);
  doc.x = MARGIN;
  doc.y = top + chartHeight + legend + 20;
}
