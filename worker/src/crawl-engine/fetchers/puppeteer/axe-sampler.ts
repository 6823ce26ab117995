import type { AxeFacts } from '@vendorwatch/compliance';
import { readFileSync } from 'node:fs';
import type axe from 'axe-core';
import type { Page } from 'puppeteer';

const MAX_AXE_TARGETS = 5;

/**
 * axe-core's minified build (the package's `source` is the readable one, 2.3 times larger): Chromium
 * parses it into every page axe runs on, 0.25 s of the renderer's time against 0.35 s, measured.
 * Its few non-ASCII characters (in strings and one identifier) are sent as \u escapes: one of them makes
 * the 650 KB travel through the DevTools protocol as a two-byte string, 111–123 ms an injection against
 * 75–89 ms (bench/diagnostics/axe-inject-cost.mjs).
 */
export const AXE_SOURCE = asciiSource(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * JavaScript source with every non-ASCII UTF-16 unit written as a \u escape, which means the same in strings,
 * regular expressions, identifiers and comments (not after a backslash, which axe-core's source never has).
 */
export function asciiSource(source: string): string {
  return source.replace(/[\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The rules of WCAG 2 levels A and AA: the accessibility basics, at a tenth of the cost of every rule. */
const AXE_RUN = `axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })`;

/**
 * axe's time grows with the document: on a page of tens of thousands of elements it runs for
 * minutes, holding the page's thread (and the crawl) all along. Larger documents go without.
 */
export const AXE_MAX_ELEMENTS = 10_000;

/** How many page templates of a crawl axe-core checks, one page each. */
export const AXE_TEMPLATES_PER_CRAWL = 10;

/**
 * A page's template, read in the page (page-reading/page-template.ts reads the same from HTML on our side): the set of its elements' shapes — tag, classes and attribute
 * names (not values), under their three nearest ancestors' tags and classes — hashed; digits in class
 * names do not count. Two pages of one
 * template with different text, different numbers of paragraphs or list items, or links to different
 * places have the same set; an image without `alt`, a button without a label, a differently styled
 * block or a page without a title each add a shape of their own, so that page is checked too.
 * Source text: it runs in the page, where the Node build's DOM types do not exist.
 */
const READ_TEMPLATE = `(() => {
  const all = document.getElementsByTagName('*');
  if (all.length > ${AXE_MAX_ELEMENTS}) return null;
  // Each element's label is read once: it is its own and, three times over, its descendants' ancestor.
  const labels = new Map();
  const label = (el) => {
    let known = labels.get(el);
    if (known === undefined) {
      const classes = el.getAttribute('class');
      // Numbers in class names are per page on many sites (WordPress's page-id-42, postid-7): not a shape.
      known = classes ? el.localName + '.' + classes.trim().replace(/\\d+/g, '0').split(/\\s+/).sort().join('.') : el.localName;
      labels.set(el, known);
    }
    return known;
  };
  const shapes = new Set();
  for (const el of all) {
    let shape = label(el) + '[' + el.getAttributeNames().sort().join(',') + ']';
    for (let up = el.parentElement, depth = 0; up && depth < 3; up = up.parentElement, depth++) shape = label(up) + '>' + shape;
    shapes.add(shape);
  }
  const text = [...shapes].sort().join('\\n');
  // Two 32-bit hashes (FNV-1a, and the same walk with another multiplier): the shape list stays in the page.
  let a = 0x811c9dc5, b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return (a >>> 0).toString(16) + (b >>> 0).toString(16) + ':' + shapes.size;
})()`;

/** The template of the page open in `page` (see READ_TEMPLATE), or null when it is too large for axe. */
export async function readPageTemplate(page: Page): Promise<string | null> {
  const template = await page.evaluate(READ_TEMPLATE);
  return typeof template === 'string' ? template : null;
}

/**
 * axe-core on one page of each template of a crawl, for up to `maxTemplates` templates: a page's
 * accessibility comes from its template (the same markup around other text), and axe — its 650 KB
 * parsed into the page, then its rules — costs more than the rest of the page's facts together. The
 * crawl's first pages of a new shape are checked, however deep in the crawl they come; the tenth blog
 * post after the first is not. One sampler per crawl; a crawl fetches one page at a time.
 */
export class AxeSampler {
  private readonly checked = new Set<string>();

  constructor(private readonly maxTemplates = AXE_TEMPLATES_PER_CRAWL) {}

  /**
   * Whether a page of `template` would still be checked: its template has no result yet (a check that
   * failed leaves it so) and there is room. The adaptive method opens such a page in the browser.
   */
  wants(template: string | null): boolean {
    return template !== null && this.checked.size < this.maxTemplates && !this.checked.has(template);
  }

  /**
   * axe's results for the page, or null when its template was checked already or there is no room left.
   * `known`: the page's template as the caller read it from its HTML (page-template.ts, the adaptive
   * method); otherwise it is read in the page.
   */
  async check(page: Page, known?: string | null): Promise<AxeFacts | null> {
    // No room left: not even the page's template is read.
    if (this.checked.size >= this.maxTemplates) return null;
    try {
      const template = known !== undefined ? known : await readPageTemplate(page);
      if (template === null || this.checked.has(template)) return null;
      const facts = await runAxe(page);
      this.checked.add(template);
      return facts;
    } catch {
      // A page that navigates or closes during the analysis has no accessibility result, not a failed
      // crawl; its template is left for the next page of it.
      return null;
    }
  }
}

async function runAxe(page: Page): Promise<AxeFacts> {
  await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(AXE_RUN)) as axe.AxeResults;
  return {
    version: results.testEngine.version,
    violations: results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.length,
      targets: violation.nodes.slice(0, MAX_AXE_TARGETS).map((node) => node.target.join(' ')),
    })),
    passes: results.passes.length,
  };
}
