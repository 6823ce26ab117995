import { contentWidth, MARGIN, PDF_COLORS, type Pdf } from './pdf-style';

/** One figure in a row of tiles: a small label, the value large, an optional line of detail. */
export interface PdfTile {
  label: string;
  value: string;
  color?: string;
  detail?: string;
}

/** How large a row of tiles is drawn: the portfolio's four small ones, one vendor's three large ones. */
export interface PdfTileStyle {
  height: number;
  padding: number;
  labelSize: number;
  valueSize: number;
  detailSize: number;
  detailTop: number;
  /** A detail kept to one line (cut rather than wrapped). */
  detailOneLine: boolean;
}

/** Draws `tiles` side by side across the page at the current position, then moves below them. */
export function drawTiles(doc: Pdf, tiles: PdfTile[], style: PdfTileStyle): void {
  const gap = 10;
  const tileWidth = (contentWidth(doc) - (tiles.length - 1) * gap) / tiles.length;
  const textWidth = tileWidth - 2 * style.padding;
  const top = doc.y;
  tiles.forEach((tile, i) => {
    const x = MARGIN + i * (tileWidth + gap);
    const left = x + style.padding;
    doc.roundedRect(x, top, tileWidth, style.height, 4).fill(PDF_COLORS.tile);
    doc
      .font('Helvetica')
      .fontSize(style.labelSize)
      .fillColor(PDF_COLORS.muted)
      .text(tile.label, left, top + 8, { width: textWidth });
    doc
      .font('Helvetica-Bold')
      .fontSize(style.valueSize)
      .fillColor(tile.color ?? PDF_COLORS.text)
      .text(tile.value, left, top + 22, { width: textWidth, lineBreak: false });
    if (tile.detail)
      doc
        .font('Helvetica')
        .fontSize(style.detailSize)
        .fillColor(PDF_COLORS.muted)
        .text(tile.detail, left, top + style.detailTop, {
          width: textWidth,
          ...(style.detailOneLine ? { lineBreak: false } : {}),
        });
  });
  doc.x = MARGIN;
  doc.y = top + style.height + 18;
}
