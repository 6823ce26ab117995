import type { RenderingSummary } from '@vendorwatch/contracts';
import type { AssessedCrawl } from './input';

/**
 * How an adaptive crawl read its HTML pages: how many over plain HTTP, how many in the browser and why,
 * and how many page templates it met (and read in the browser throughout, where the browser saw more).
 * Null for the other methods, which read every page one way.
 */
export function renderingSummary(crawl: AssessedCrawl): RenderingSummary | null {
  if (crawl.method !== 'adaptive') return null;
  const summary: RenderingSummary = {
    pages: 0,
    overHttp: 0,
    inBrowser: 0,
    byReason: { 'new-template': 0, 'template-differs': 0, recheck: 0 },
    templates: 0,
    templatesInBrowser: 0,
  };
  const templates = new Set<string | null>();
  const differing = new Set<string | null>();
  for (const page of crawl.pages) {
    const readBy = page.document?.readBy;
    if (!readBy) continue;
    summary.pages++;
    templates.add(readBy.template);
    if (readBy.via === 'browser' && readBy.reason) {
      summary.inBrowser++;
      summary.byReason[readBy.reason]++;
    } else summary.overHttp++;
    if (readBy.reason === 'template-differs') differing.add(readBy.template);
  }
  summary.templates = templates.size;
  summary.templatesInBrowser = differing.size;
  return summary;
}
