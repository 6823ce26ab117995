import { ADAPTIVE_SAMPLING, type BrowserRenderReason } from '@vendorwatch/contracts';

interface TemplateState {
  pages: number;
  /** The browser saw more than HTTP on a page of it: every later page is read in the browser. */
  differs: boolean;
}

/**
 * Which pages of a crawl the adaptive method opens in the browser, per template of the site (the key
 * page-template.ts reads from the HTML served; documents too large for one share a key): the first
 * `firstPages` of each template, then one in `recheckEvery` (its 10th, 20th … page), and every page of
 * a template once one of its readings differed. One per crawl; a crawl reads one page at a time.
 */
export class TemplateSampling {
  private readonly templates = new Map<string | null, TemplateState>();

  constructor(private readonly sampling: { firstPages: number; recheckEvery: number } = ADAPTIVE_SAMPLING) {}

  /** Counts the page in its template and says why it is opened in the browser, or null: read over HTTP only. */
  next(template: string | null): BrowserRenderReason | null {
    let state = this.templates.get(template);
    if (!state) this.templates.set(template, (state = { pages: 0, differs: false }));
    state.pages++;
    if (state.differs) return 'template-differs';
    if (state.pages <= this.sampling.firstPages) return 'new-template';
    return state.pages % this.sampling.recheckEvery === 0 ? 'recheck' : null;
  }

  /** The template's browser and HTTP readings of a page differed: its later pages go to the browser. */
  differs(template: string | null): void {
    const state = this.templates.get(template);
    if (state) state.differs = true;
  }
}
