import { loadPdfKit } from '../../../common/document-libraries';
import { finished } from 'node:stream/promises';
import { framePages } from './pdf-page-frame';
import { changesSummary, summaryTiles, trendSection, vendorsByLabel, vendorTable, worstFindings } from './pdf-summary';
import { contentWidth, ensureSpace, heading, MARGIN, PDF_COLORS, printable, type Pdf } from './pdf-style';
import { vendorOpening } from './pdf-vendor-opening';
import { vendorSection } from './pdf-vendor-section';
import { describeScope, drained, formatUtc, type ReportExporter } from './report-export';

export { PDF_EVIDENCE_PER_CHECK } from './pdf-vendor-section';

/**
 * The PDF report. A report about one vendor opens with it: its name, grade and rate, then its
 * findings. Otherwise page 1 is the executive summary: the figures, vendors by label, the worst findings
 * across the portfolio, what changed in the period, every vendor in scope with its state, and the
 * trend chart on a time axis. Then one section per vendor on its latest assessment in the period
 * (older ones as its trend): failing and warning checks with how to fix them and capped evidence,
 * and the period's changes. Every page carries the filters and "Page N of M". Pages are written as
 * they fill (pdfkit flushes a page when the next begins) and sections are read one vendor at a
 * time, so the file streams.
 */
export const pdfExporter: ReportExporter = {
  format: 'pdf',
  contentType: 'application/pdf',
  async write(data, out) {
    const { overview } = data;
    const vendors = overview.vendors;
    // The first section's findings are read before a byte is written: a failing database is still an error answer.
    const first = vendors.find((vendor) => vendor.latestReportId);
    const firstOutcomes = first ? await data.sectionOutcomes(first.latestReportId!) : [];

    const doc: Pdf = new (await loadPdfKit())({
      size: 'A4',
      margin: MARGIN,
      autoFirstPage: false,
      info: { Title: 'Vendor compliance report', Author: 'Vendorwatch', CreationDate: data.generatedAt },
    });
    // pdfkit never waits on the download: its output goes straight to `out`, whose fill sets the pace.
    doc.on('data', (chunk: Buffer) => out.write(chunk));
    const ended = finished(doc);
    const period = describeScope(data.scope);
    const vendorFilter = data.vendorName ?? 'All vendors';
    const frame = framePages(doc, {
      top: `Vendor compliance report · Period: ${period} · Vendor: ${vendorFilter}`,
      bottom: `Generated ${formatUtc(data.generatedAt)} by Vendorwatch`,
    });
    doc.addPage();

    // A report about one vendor (its filter, or one assessment) speaks of that vendor, not of a portfolio.
    const only = data.vendorName !== null && vendors.length === 1 ? vendors[0]! : undefined;
    cover(doc, data.generatedAt, period, only ? undefined : vendorFilter);
    if (only) {
      vendorOpening(doc, only, overview, data.inventories.get(only.vendorId));
      changesSummary(doc, overview, data.changes);
      if (only.trend.length > 1) trendSection(doc, vendors);
    } else {
      heading(doc, 'Executive summary');
      summaryTiles(doc, overview);
      vendorsByLabel(doc, overview);
      worstFindings(doc, data.portfolioFindings, overview.vendorsAssessed);
      changesSummary(doc, overview, data.changes);
      vendorTable(doc, vendors);
      trendSection(doc, vendors);
    }
    await drained(out);

    ensureSpace(doc, 200);
    doc.moveDown(1);
    heading(doc, only ? 'Findings' : 'Vendors in detail');
    for (const vendor of vendors) {
      const outcomes =
        vendor === first ? firstOutcomes : vendor.latestReportId ? await data.sectionOutcomes(vendor.latestReportId) : [];
      vendorSection(
        doc,
        vendor,
        outcomes,
        data.changes,
        data.links,
        data.inventories.get(vendor.vendorId),
        data.programme.get(vendor.vendorId),
      );
      await drained(out);
    }
    if (vendors.length === 0)
      doc.font('Helvetica').fontSize(10).fillColor(PDF_COLORS.muted).text('No vendor is in this report’s scope.');
    frame.finish();
    doc.end();
    await ended;
  },
};

/** The title, when and what period; the vendor line only when the opening below does not name it in large. */
function cover(doc: Pdf, generatedAt: Date, period: string, vendor: string | undefined) {
  const width = contentWidth(doc);
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
  if (vendor) doc.font('Helvetica-Bold').text('Vendor: ', { continued: true }).font('Helvetica').text(printable(vendor));
  doc.moveDown(1);
}
