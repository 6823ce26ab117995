import {
  CHECK_SEVERITY_LABELS,
  complianceColor,
  crawlMethodName,
  renderingSentence,
  VENDOR_REPORT_STATE_LABELS,
  type VendorCompliance,
  type VendorInventorySummary,
} from '@vendorwatch/contracts';
import type { PeriodChangeRow } from '@vendorwatch/db';
import { describeChange, rateChange } from './pdf-changes';
import {
  contentWidth,
  ensureSpace,
  formatRate,
  MARGIN,
  note,
  PDF_COLORS,
  pill,
  printable,
  rateColor,
  rule,
  SEVERITY_COLORS,
  type Pdf,
} from './pdf-style';
import { formatUtc, type ExportSectionOutcome, type ReportExportData } from './report-export';
import { programmeLine } from './programme-cells';
import type { VendorProgrammeFact } from '../../programme/overview/vendor-programme-facts';

/** Evidence lines printed under a check; the rest are counted ("and N more pages"). */
export const PDF_EVIDENCE_PER_CHECK = 5;

/**
 * One vendor's section: its latest assessment in the period (rate, label, method, pages), its older
 * assessments as the trend, a later crawl that failed, the period's changes, then each failing and
 * each warning check with what was found, how to fix it and its first pieces of evidence. A vendor
 * without an assessment says why: not assessed yet, or its last crawl failed (reason and crawl link).
 */
export function vendorSection(
  doc: Pdf,
  vendor: VendorCompliance,
  outcomes: ExportSectionOutcome[],
  changes: PeriodChangeRow[],
  links: ReportExportData['links'],
  inventory?: VendorInventorySummary,
  programme?: VendorProgrammeFact,
): void {
  const width = contentWidth(doc);
  ensureSpace(doc, 140);
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(PDF_COLORS.text).text(printable(vendor.vendorName), MARGIN, doc.y, { width });
  if (vendor.vendorUrl) note(doc, vendor.vendorUrl);
  if (programme) note(doc, programmeLine(programme));
  doc.moveDown(0.2);

  const y = doc.y;
  if (vendor.rate !== null && vendor.label && vendor.lastAssessedAt) {
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor(rateColor(vendor.rate))
      .text(formatRate(vendor.rate), MARGIN, y, { lineBreak: false });
    const x = MARGIN + doc.widthOfString(formatRate(vendor.rate)) + 10;
    pill(doc, vendor.label, x, y + 2, PDF_COLORS[complianceColor(vendor.rate)]);
    doc.y = y + 22;
    const method = vendor.method ? ` (${crawlMethodName(vendor.method)} crawl)` : '';
    note(doc, `Assessed ${formatUtc(new Date(vendor.lastAssessedAt))}${method}`);
    if (vendor.rendering) note(doc, `Adaptive crawl: ${renderingSentence(vendor.rendering)}`);
    note(doc, `Report: ${links.report(vendor.latestReportId!)}`);
    if (inventory) note(doc, inventoryLine(inventory));
    if (vendor.trend.length > 1)
      note(
        doc,
        `Trend in the period (by crawl): ${vendor.trend.map((point) => `${formatUtc(new Date(point.crawledAt))} ${formatRate(point.rate)}`).join(', ')}`,
      );
  } else {
    pill(
      doc,
      VENDOR_REPORT_STATE_LABELS[vendor.state],
      MARGIN,
      y,
      vendor.state === 'crawl_failed' ? PDF_COLORS.red : PDF_COLORS.muted,
      true,
    );
    doc.y = y + 20;
    if (vendor.state === 'not_assessed')
      note(
        doc,
        vendor.lastCrawl
          ? `No crawl of this period was assessed; the last one is ${vendor.lastCrawl.status}.`
          : 'Not crawled in this period.',
      );
  }
  lastCrawlNote(doc, vendor, links);
  rule(doc, 4);

  const own = changes.filter((change) => change.vendorId === vendor.vendorId);
  if (own.length) {
    subheading(doc, 'Changes in the period');
    for (const change of own) {
      ensureSpace(doc, 30);
      doc
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .fillColor(PDF_COLORS.text)
        .text(`${formatUtc(change.completedAt)}: `, MARGIN + 10, doc.y, { width: width - 10, continued: true })
        .font('Helvetica')
        .text(rateChange(change.rateBefore, change.labelBefore, change.rateAfter, change.labelAfter));
      note(
        doc,
        describeChange({
          ...change,
          methodsChanged: change.methodBefore && change.methodAfter && change.methodBefore !== change.methodAfter ? [change] : [],
        }),
        20,
      );
      doc.moveDown(0.3);
    }
    doc.moveDown(0.4);
  }

  const failing = outcomes.filter((outcome) => outcome.outcome === 'fail');
  const warnings = outcomes.filter((outcome) => outcome.outcome === 'warn');
  const accepted = outcomes.filter((outcome) => outcome.outcome === 'accepted');
  if (vendor.latestReportId && failing.length + warnings.length + accepted.length === 0) {
    note(doc, 'Failing checks (0), warnings (0): every applicable check passed.');
  } else if (vendor.latestReportId) {
    subheading(doc, `Failing checks (${failing.length})`);
    if (failing.length === 0) note(doc, 'No check failed.', 10);
    for (const outcome of failing) finding(doc, outcome, links.report(vendor.latestReportId));
    doc.moveDown(0.4);
    subheading(doc, `Warnings (${warnings.length})`);
    if (warnings.length === 0) note(doc, 'No warnings.', 10);
    for (const outcome of warnings) finding(doc, outcome, links.report(vendor.latestReportId));
    if (accepted.length > 0) {
      // Left out of the rate and grades while the acceptance lasts: said here with why and until when.
      doc.moveDown(0.4);
      subheading(doc, `Accepted risks (${accepted.length})`);
      for (const outcome of accepted) finding(doc, outcome, links.report(vendor.latestReportId));
    }
  }
  doc.moveDown(0.6);
}

/** A crawl after the latest assessment (or instead of any) that failed, was cancelled or still runs. */
function lastCrawlNote(doc: Pdf, vendor: VendorCompliance, links: ReportExportData['links']): void {
  const crawl = vendor.lastCrawl;
  if (!crawl) return;
  const at = formatUtc(new Date(crawl.at));
  if (crawl.failure) {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(PDF_COLORS.red)
      .text(printable(`Last crawl failed ${at}: ${crawl.failure.summary}`), MARGIN, doc.y, { width: contentWidth(doc) });
    if (crawl.failure.detail) note(doc, `Technical detail: ${crawl.failure.detail}`);
  } else if (vendor.state === 'assessed') {
    note(doc, `A later crawl (${at}) is ${crawl.status}.`);
  }
  note(doc, `Crawl: ${links.crawl(crawl.jobId)}`);
}

/** "Grade B · 2 vulnerable JavaScript libraries · Third parties: Google Analytics, jsDelivr". */
export function inventoryLine(inventory: VendorInventorySummary): string {
  const grade = inventory.overallGrade.letter ? `Grade ${inventory.overallGrade.letter}` : 'Not graded';
  const libraries = `${inventory.vulnerableLibraries} vulnerable JavaScript ${inventory.vulnerableLibraries === 1 ? 'library' : 'libraries'}`;
  const parties = inventory.topThirdParties.length
    ? `Third parties: ${inventory.topThirdParties.map(printable).join(', ')}`
    : 'No third parties';
  return `${grade} · ${libraries} · ${parties}`;
}

function subheading(doc: Pdf, text: string): void {
  ensureSpace(doc, 40);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(PDF_COLORS.text)
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

/** A failing or warning check: severity and title, what was found, how to fix it, the first evidence. */
function finding(doc: Pdf, row: ExportSectionOutcome, reportLink: string): void {
  const width = contentWidth(doc);
  const indent = MARGIN + 10;
  ensureSpace(doc, 56);
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(SEVERITY_COLORS[row.severity])
    .text(`${CHECK_SEVERITY_LABELS[row.severity].toUpperCase()}  `, indent, doc.y, { width: width - 10, continued: true })
    .fillColor(PDF_COLORS.text)
    .text(printable(row.title));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(PDF_COLORS.text)
    .text(printable(row.summary), indent, doc.y, { width: width - 10 });
  if (row.acceptance)
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(PDF_COLORS.text)
      .text(
        printable(`Accepted until ${formatUtc(new Date(row.acceptance.expiresAt))}: ${row.acceptance.justification}`),
        indent,
        doc.y,
        { width: width - 10 },
      );
  doc
    .font('Helvetica-Oblique')
    .fontSize(8.5)
    .fillColor(PDF_COLORS.text)
    .text(`How to fix: ${printable(row.howToFix)}`, indent, doc.y, { width: width - 10 });
  for (const evidence of row.evidence) {
    const where = evidence.url ? `${printable(evidence.url)} — ` : '';
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      // Printed, not linked: pdfkit keeps every link annotation until the document ends, so
      // thousands of evidence links would grow memory with the report (viewers link URLs in text).
      .text(`• ${where}${printable(evidence.detail)}`, indent + 8, doc.y, { width: width - 18 });
  }
  const more = row.evidenceTotal - row.evidence.length;
  if (more > 0)
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      .text(`… and ${more} more ${more === 1 ? 'page' : 'pages'} (all of them in the report: ${reportLink})`, indent + 8, doc.y, {
        width: width - 18,
      });
  doc.moveDown(0.5);
}
