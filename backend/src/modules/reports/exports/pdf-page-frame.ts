import { MARGIN, PDF_COLORS, printable, type Pdf } from './pdf-style';

/** pdfkit's text state, which it keeps on the document rather than in the PDF's graphics state. */
interface TextState {
  _font: unknown;
  _fontSize: number;
  _fontFamily: unknown;
  _fontSource: unknown;
  _fillColor?: [string, number?];
}

const FOOTER_FONT_SIZE = 7.5;
/** Helvetica's ascender (its AFM, in 1/1000 em): where pdfkit puts the baseline below a line's top. */
const HELVETICA_ASCENDER = 718;
/** Room for "Page 123 of 456" at the right of the footer. */
const PAGE_LABEL_WIDTH = 70;
const TOTAL_XOBJECT = 'PageTotal';

/** What the frame still has to write once the last page is known. */
export interface PageFrame {
  /** Writes the page count every footer shows; call once, after the last page and before `doc.end()`. */
  finish(): void;
}

/**
 * Draws `frame` in the margins of every page as it is added, the first included: the report's name
 * and filters at the top, "Page N of M" at the bottom. A page can begin in the middle of a
 * paragraph that pdfkit carries over; the paragraph must go on in its own font, colour and place,
 * so the text state is put back after the frame is drawn (pdfkit keeps it outside save/restore).
 *
 * Pages stream as they fill (bench B10 holds the export's memory flat), so M is not known when a
 * page is written. Every footer therefore draws M as one small form XObject, the PDF's way of
 * referring to content defined elsewhere in the file, and `finish()` writes that object once, at
 * the end: one object of a few bytes whatever the page count, instead of pdfkit's `bufferPages`,
 * which would keep every page in memory until the end.
 */
export function framePages(doc: Pdf, frame: { top: string; bottom: string }): PageFrame {
  let page = 0;
  // Helvetica as a standard font (never embedded), for the XObject's own resources.
  const font = doc.ref({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' });
  font.finalize();
  const total = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, -FOOTER_FONT_SIZE, PAGE_LABEL_WIDTH, 2 * FOOTER_FONT_SIZE],
    Resources: { Font: { F1: font } },
  });
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
    doc.font('Helvetica').fontSize(FOOTER_FONT_SIZE).fillColor(PDF_COLORS.muted);
    doc.text(printable(frame.top), MARGIN, 24, { width, lineBreak: false, ellipsis: true });
    doc
      .moveTo(MARGIN, 36)
      .lineTo(MARGIN + width, 36)
      .lineWidth(0.5)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
    const footerY = doc.page.height - 32;
    doc.text(printable(frame.bottom), MARGIN, footerY, {
      width: width - PAGE_LABEL_WIDTH - 5,
      lineBreak: false,
      ellipsis: true,
    });
    const label = `Page ${page} of `;
    const labelX = MARGIN + width - PAGE_LABEL_WIDTH;
    doc.text(label, labelX, footerY, { lineBreak: false });
    // The count, drawn at the label's baseline in the PDF's own upward axis (pdfkit's pages run downward).
    const baseline = footerY + (HELVETICA_ASCENDER / 1000) * FOOTER_FONT_SIZE;
    doc.page.xobjects[TOTAL_XOBJECT] = total;
    doc.addContent(`q 1 0 0 -1 ${labelX + doc.widthOfString(label)} ${baseline} cm /${TOTAL_XOBJECT} Do Q`);
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
  return {
    finish() {
      total.end(`BT /F1 ${FOOTER_FONT_SIZE} Tf 0 0 Td (${page}) Tj ET`);
    },
  };
}
