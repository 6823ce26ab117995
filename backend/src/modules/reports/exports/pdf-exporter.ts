import { CHECK_SEVERITIES, CHECK_SEVERITY_LABELS, type ReportsOverview } from '@vendorwatch/contracts';
import PDFDocument from 'pdfkit';
import { finished } from 'node:stream/promises';
import { ensureSpace, fit, formatRate, PDF_COLORS, printable, rateColor, SEVERITY_COLORS, type Pdf } from './pdf-style';
import { drawTrendChart, drawTrendLegend } from './pdf-trend-chart';
import { describePeriod, drained, formatUtc, started, type ExportOutcome, type ReportExporter } from './report-export';

/** Evidence lines printed under a failing check; the count says how many more there are. */
export const PDF_EVIDENCE_PER_CHECK = 10;
const MARGIN = 50;

/**
 * The PDF report: a cover with the filter, the date and the summary figures, the vendors' table
 * with coloured labels, their trend chart, then every failing check with its evidence. Pages are
 * written as they fill (pdfkit flushes a page when the next begins), so the file streams.
 */
export const pdfExporter: ReportExporter = {
  format: 'pdf',
  contentType: 'application/pdf',
  async write(data, out) {
    const failures = await started(data.outcomes({ evidenceLimit: PDF_EVIDENCE_PER_CHECK, outcomes: ['fail'] }));
    const doc: Pdf = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: 'Vendor compliance report', Author: 'Vendorwatch', CreationDate: data.generatedAt },
    });
    // pdfkit never waits on the download: its output goes straight to `out`, whose fill sets the pace.
    doc.on('data', (chunk: Buffer) => out.write(chunk));
    const ended = finished(doc);
    const width = doc.page.width - 2 * MARGIN;

    cover(doc, width, data.generatedAt, describePeriod(data.filters), data.vendorName);
    summaryTiles(doc, width, data.overview);
    vendorTable(doc, width, data.overview);
    trendSection(doc, width, data.overview);
    await drained(out);

    doc.addPage();
    heading(doc, 'Failing checks');
    let current: string | null = null;
    let any = false;
    for await (const batch of failures) {
      for (const row of batch) {
        if (row.assessmentId !== current) {
          current = row.assessmentId;
          assessmentHeading(doc, width, row);
        }
        failingCheck(doc, width, row);
        any = true;
      }
      await drained(out);
    }
    if (!any) doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('No check failed in this period.');
    doc.end();
    await ended;
  },
};

function heading(doc: Pdf, text: string) {
  doc.font('Helvetica-Bold').fontSize(15).fillColor(PDF_COLORS.text).text(text, MARGIN, doc.y);
  doc.moveDown(0.5);
}

function cover(doc: Pdf, width: number, generatedAt: Date, period: string, vendorName: string | null) {
  doc.font('Helvetica-Bold').fontSize(24).fillColor(PDF_COLORS.text).text('Vendor compliance report', MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(PDF_COLORS.muted)
    .text(`Generated ${formatUtc(generatedAt)}`);
  doc.moveDown(0.8);
  doc.fillColor(PDF_COLORS.text).fontSize(11);
  doc.font('Helvetica-Bold').text('Period: ', { continued: true }).font('Helvetica').text(period);
  doc
    .font('Helvetica-Bold')
    .text('Vendor: ', { continued: true })
    .font('Helvetica')
    .text(printable(vendorName ?? 'All vendors'));
  doc.moveDown(1);
}

function summaryTiles(doc: Pdf, width: number, overview: ReportsOverview) {
  const gap = 10;
  const tileWidth = (width - 3 * gap) / 4;
  const height = 62;
  const top = doc.y;
  const failures = CHECK_SEVERITIES.reduce((sum, severity) => sum + overview.openFailures[severity], 0);
  const tiles: { label: string; value: string; color?: string; detail?: string }[] = [
    { label: 'Vendors assessed', value: String(overview.vendorsAssessed) },
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
  tiles.forEach((tile, i) => {
    const x = MARGIN + i * (tileWidth + gap);
    doc.roundedRect(x, top, tileWidth, height, 4).fill(PDF_COLORS.tile);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      .text(tile.label, x + 8, top + 8, { width: tileWidth - 16 });
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .fillColor(tile.color ?? PDF_COLORS.text)
      .text(tile.value, x + 8, top + 22, { width: tileWidth - 16, lineBreak: false });
    if (tile.detail)
      doc
        .font('Helvetica')
        .fontSize(6.5)
        .fillColor(PDF_COLORS.muted)
        .text(tile.detail, x + 8, top + 44, { width: tileWidth - 16 });
  });
  doc.x = MARGIN;
  doc.y = top + height + 24;
}

const TABLE_COLUMNS = [
  { title: 'Vendor', width: 0.4 },
  { title: 'Compliance rate', width: 0.17 },
  { title: 'Label', width: 0.22 },
  { title: 'Last assessed', width: 0.21 },
];
const ROW_HEIGHT = 20;

function vendorTable(doc: Pdf, width: number, overview: ReportsOverview) {
  heading(doc, 'Vendors');
  if (overview.vendors.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('No vendor was assessed in this period.');
    doc.moveDown(1);
    return;
  }
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
  for (const vendor of overview.vendors) {
    if (doc.y + ROW_HEIGHT > doc.page.height - MARGIN) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    const color = rateColor(vendor.rate);
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.text);
    doc.text(fit(doc, printable(vendor.vendorName), widths[0]!), xs[0]!, y + 4, { width: widths[0], lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fillColor(color)
      .text(formatRate(vendor.rate), xs[1]!, y + 4, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(8);
    const pill = doc.widthOfString(vendor.label) + 12;
    doc.roundedRect(xs[2]!, y + 2, pill, 14, 7).fill(color);
    doc.fillColor('#ffffff').text(vendor.label, xs[2]! + 6, y + 5.5, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(PDF_COLORS.text)
      .text(formatUtc(new Date(vendor.lastAssessedAt)), xs[3]!, y + 4.5, { width: widths[3], lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  }
  doc.moveDown(1.2);
}

function trendSection(doc: Pdf, width: number, overview: ReportsOverview) {
  const chartHeight = 200;
  ensureSpace(doc, chartHeight + 80);
  heading(doc, 'Compliance rate over the period');
  if (overview.vendors.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('Nothing to chart.');
    return;
  }
  const top = doc.y;
  drawTrendChart(doc, { x: MARGIN, y: top, width, height: chartHeight }, overview.vendors);
  const legend = drawTrendLegend(doc, MARGIN + 28, top + chartHeight + 8, width - 28, overview.vendors);
  doc.x = MARGIN;
  doc.y = top + chartHeight + legend + 20;
}

function assessmentHeading(doc: Pdf, width: number, row: ExportOutcome) {
  ensureSpace(doc, 70);
  doc.moveDown(0.6);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(PDF_COLORS.text)
    .text(printable(row.vendorName ?? 'Deleted vendor'), MARGIN, doc.y, { width, continued: true })
    .font('Helvetica')
    .fillColor(PDF_COLORS.muted)
    .text(`  ${printable(row.targetUrl)}`);
  doc
    .fontSize(9)
    .fillColor(PDF_COLORS.muted)
    .text(`Assessed ${formatUtc(row.assessedAt)} · `, { continued: true })
    .font('Helvetica-Bold')
    .fillColor(rateColor(row.rate))
    .text(`${formatRate(row.rate)} ${row.label}`);
  const y = doc.y + 3;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(0.5)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.y = y + 5;
}

function failingCheck(doc: Pdf, width: number, row: ExportOutcome) {
  ensureSpace(doc, 40);
  const indent = MARGIN + 10;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(SEVERITY_COLORS[row.severity])
    .text(`${CHECK_SEVERITY_LABELS[row.severity].toUpperCase()}  `, indent, doc.y, { width: width - 10, continued: true })
    .fillColor(PDF_COLORS.text)
    .text(printable(row.title));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PDF_COLORS.text)
    .text(printable(row.summary), indent, doc.y, { width: width - 10 });
  for (const evidence of row.evidence) {
    const where = evidence.url ? `${printable(evidence.url)} — ` : '';
    doc
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      // Printed, not linked: pdfkit keeps every link annotation until the document ends, so
      // thousands of evidence links would grow memory with the report (viewers link URLs in text).
      .text(`• ${where}${printable(evidence.detail)}`, indent + 8, doc.y, { width: width - 18 });
  }
  const more = row.evidenceTotal - row.evidence.length;
  if (more > 0)
    doc
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      .text(`… and ${more} more (the full list is in the report in Vendorwatch)`, indent + 8, doc.y, { width: width - 18 });
  doc.moveDown(0.4);
}
