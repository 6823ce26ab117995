import { MARGIN, PDF_COLORS, printable, type Pdf } from './pdf-style';

/** pdfkit's text state, which it keeps on the document rather than in the PDF's graphics state. */
interface TextState {
  _font: unknown;
  _fontSize: number;
  _fontFamily: unknown;
  _fontSource: unknown;
  _fillColor?: [string, number?];
}

/**
 * Draws `frame` in the margins of every page as it is added, the first included: the report's name
 * and filters at the top, the page number at the bottom. A page can begin in the middle of a
 * paragraph that pdfkit carries over; the paragraph must go on in its own font, colour and place,
 * so the text state is put back after the frame is drawn (pdfkit keeps it outside save/restore).
 * Pages stream as they fill, so the count is the page's own number ("Page 3"), never "of N".
 */
export function framePages(doc: Pdf, frame: { top: string; bottom: string }): void {
  let page = 0;
  doc.on('pageAdded', () => {
    page++;
    const state = doc as unknown as TextState;
    const saved = {
      _font: state._font,
      _fontSize: state._fontSize,
      _fontFamily: state._fontFamily,
      _fontSource: state._fontSource,
      fill: state._fillColor,
      x: doc.x,
      y: doc.y,
    };
    const width = doc.page.width - 2 * MARGIN;
    // Text below the bottom margin would make pdfkit start another page: the frame writes with none.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.save();
    doc.font('Helvetica').fontSize(7.5).fillColor(PDF_COLORS.muted);
    doc.text(printable(frame.top), MARGIN, 24, { width, lineBreak: false, ellipsis: true });
    doc
      .moveTo(MARGIN, 36)
      .lineTo(MARGIN + width, 36)
      .lineWidth(0.5)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
    const footerY = doc.page.height - 32;
    doc.text(printable(frame.bottom), MARGIN, footerY, { width: width - 60, lineBreak: false, ellipsis: true });
    doc.text(`Page ${page}`, MARGIN + width - 60, footerY, { width: 60, align: 'right', lineBreak: false });
    doc.restore();
    doc.page.margins.bottom = bottomMargin;
    Object.assign(state, {
      _font: saved._font,
      _fontSize: saved._fontSize,
      _fontFamily: saved._fontFamily,
      _fontSource: saved._fontSource,
    });
    if (saved.fill) doc.fillColor(...saved.fill);
    doc.x = saved.x;
    doc.y = saved.y;
  });
}
