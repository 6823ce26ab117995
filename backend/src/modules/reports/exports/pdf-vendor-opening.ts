import {
  CHECK_SEVERITIES,
  VENDOR_REPORT_STATE_LABELS,
  type ReportsOverview,
  type VendorCompliance,
  type VendorInventorySummary,
} from '@vendorwatch/contracts';
import { contentWidth, formatRate, MARGIN, note, PDF_COLORS, printable, rateColor, type Pdf } from './pdf-style';
import { drawTiles, type PdfTile } from './pdf-tiles';
import { formatUtc } from './report-export';

/**
 * The opening of a report about one vendor: its name, then its grade and compliance rate in large
 * type, when it was assessed and how many checks fail — what a reader came for, before the findings.
 * (A report of several vendors opens with the portfolio's summary instead; with one vendor in scope,
 * the overview's open failures are that vendor's.)
 */
export function vendorOpening(
  doc: Pdf,
  vendor: VendorCompliance,
  overview: ReportsOverview,
  inventory: VendorInventorySummary | undefined,
): void {
  const width = contentWidth(doc);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(PDF_COLORS.text).text(printable(vendor.vendorName), MARGIN, doc.y, { width });
  if (vendor.vendorUrl) note(doc, vendor.vendorUrl);
  doc.moveDown(0.8);

  const letter = inventory?.overallGrade.letter ?? null;
  const failing = CHECK_SEVERITIES.reduce((sum, severity) => sum + overview.openFailures[severity], 0);
  const tiles: PdfTile[] = [
    {
      label: 'Grade',
      value: letter ?? '–',
      color: vendor.rate === null ? undefined : rateColor(vendor.rate),
      detail: letter ? undefined : 'Not graded',
    },
    {
      label: 'Compliance rate',
      value: formatRate(vendor.rate),
      color: vendor.rate === null ? undefined : rateColor(vendor.rate),
      detail: vendor.label ?? VENDOR_REPORT_STATE_LABELS[vendor.state],
    },
    {
      label: 'Last assessed',
      value: vendor.lastAssessedAt ? formatUtc(new Date(vendor.lastAssessedAt)).slice(0, 10) : '–',
      detail: vendor.lastAssessedAt ? `${failing} failing ${failing === 1 ? 'check' : 'checks'}` : undefined,
    },
  ];
  drawTiles(doc, tiles, {
    height: 70,
    padding: 10,
    labelSize: 9,
    valueSize: 24,
    detailSize: 8,
    detailTop: 52,
    detailOneLine: true,
  });
}
