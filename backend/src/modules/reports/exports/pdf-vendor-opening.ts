import {
  CHECK_SEVERITIES,
  VENDOR_REPORT_STATE_LABELS,
  type ReportsOverview,
  type VendorCompliance,
  type VendorInventorySummary,
} from '@vendorwatch/contracts';
import { contentWidth, formatRate, MARGIN, note, PDF_COLORS, printable, rateColor, type Pdf } from './pdf-style';
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

  const tileHeight = 70;
  const gap = 10;
  const tileWidth = (width - 2 * gap) / 3;
  const top = doc.y;
  const letter = inventory?.overallGrade.letter ?? null;
  const failing = CHECK_SEVERITIES.reduce((sum, severity) => sum + overview.openFailures[severity], 0);
  const tiles: { label: string; value: string; color?: string; detail?: string }[] = [
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
  tiles.forEach((tile, i) => {
    const x = MARGIN + i * (tileWidth + gap);
    doc.roundedRect(x, top, tileWidth, tileHeight, 4).fill(PDF_COLORS.tile);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(PDF_COLORS.muted)
      .text(tile.label, x + 10, top + 8, { width: tileWidth - 20 });
    doc
      .font('Helvetica-Bold')
      .fontSize(24)
      .fillColor(tile.color ?? PDF_COLORS.text)
      .text(tile.value, x + 10, top + 22, { width: tileWidth - 20, lineBreak: false });
    if (tile.detail)
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(PDF_COLORS.muted)
        .text(tile.detail, x + 10, top + 52, { width: tileWidth - 20, lineBreak: false });
  });
  doc.x = MARGIN;
  doc.y = top + tileHeight + 18;
}
