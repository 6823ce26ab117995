/**
 * A page's template, read from its HTML on our side: the definition axe-core's sampling reads in the
 * browser (READ_TEMPLATE in fetchers/puppeteer/axe-sampler.ts), over the elements as htmlparser2 opens
 * them. Each element's shape is its tag, its classes (digits read as 0, sorted) and its attribute names
 * (sorted), under its three nearest ancestors' tags and classes; the template is the set of shapes,
 * hashed the same way (two 32-bit FNV-style hashes of the sorted shapes, one a line) with the number of
 * shapes after a colon. Pages of more than AXE_MAX_ELEMENTS elements have none (null), as in the browser.
 *
 * Where the two agree: on the same markup they give the same key when the HTML writes out what a browser's
 * DOM has — `<html>`, `<head>`, `<body>` (and `<tbody>` in tables) — since htmlparser2 does not add the
 * elements an HTML5 parser implies, and a browser's DOM also holds what scripts added. The adaptive method
 * groups pages by this key over the HTML as served, and gives its browser renders the same key for
 * axe-core's sampling, so one definition groups both. (SVG's camel-cased tags, `linearGradient`, are
 * lower-cased here.)
 */
export const TEMPLATE_MAX_ELEMENTS = 10_000;

/** Shapes under this many ancestors. */
const ANCESTORS = 3;

/** Collects an HTML document's element shapes as a streaming parser opens and closes its elements. */
export class TemplateShapes {
  /** The open elements' labels, outermost first. */
  private readonly stack: string[] = [];
  private readonly shapes = new Set<string>();
  private elements = 0;

  open(name: string, attributes: Record<string, string>): void {
    this.elements++;
    if (this.elements > TEMPLATE_MAX_ELEMENTS) return;
    const classes = attributes.class;
    const label = classes ? `${name}.${classes.trim().replace(/\d+/g, '0').split(/\s+/).sort().join('.')}` : name;
    let shape = `${label}[${Object.keys(attributes).sort().join(',')}]`;
    for (let i = this.stack.length - 1, depth = 0; i >= 0 && depth < ANCESTORS; i--, depth++) shape = `${this.stack[i]}>${shape}`;
    this.shapes.add(shape);
    this.stack.push(label);
  }

  close(): void {
    this.stack.pop();
  }

  /** The template's key, or null when the document has more elements than a template is read for. */
  end(): string | null {
    if (this.elements > TEMPLATE_MAX_ELEMENTS) return null;
    return templateKey([...this.shapes].sort().join('\n'), this.shapes.size);
  }
}

/** The hash READ_TEMPLATE computes in the page, on the same text: the keys of both are comparable. */
function templateKey(text: string, size: number): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}:${size}`;
}
