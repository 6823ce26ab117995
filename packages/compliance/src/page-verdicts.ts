import type { CheckEvidence } from '@vendorwatch/contracts';
import { type CheckEvaluation, notApplicable, onPage } from './check';
import type { AssessedPage } from './input';

export type PageOutcome = 'pass' | 'warn' | 'fail';

export interface PageVerdict {
  outcome: PageOutcome;
  /** What decided it on this page, e.g. "Referrer-Policy: unsafe-url" or "X-Content-Type-Options: absent". */
  detail: string;
}

export interface VerdictWording {
  /** What is judged, plural: "HTML pages", "HTTPS pages". */
  pages: string;
  /** Said when there are none of them. */
  none: string;
  /** What a passing page shows, a failing page lacks …: "X-Content-Type-Options: nosniff". */
  pass: string;
  warn?: string;
  fail: string;
}

/** The pages and the empty case every response-header check shares. */
export const HEADER_PAGES = { pages: 'HTML pages', none: 'No HTML page answered, so there are no headers to judge' } as const;

/** "on all 12 HTML pages", "on 3 of 12 HTML pages", "on the one HTML page". */
export function onPages(count: number, total: number, noun: string): string {
  if (count === total) return total === 1 ? `on the one ${noun.replace(/\bpages\b/, 'page')}` : `on all ${total} ${noun}`;
  return `on ${count} of ${total} ${noun}`;
}

/**
 * Judges each page on its own and summarises per site the way a reader wants it: the site is as
 * good as its worst page, the summary counts pages per outcome, and the evidence lists the pages
 * that did not pass (worst first) — or, when all passed, the pages with the value that passed.
 */
export function judgePages(
  pages: readonly AssessedPage[],
  judge: (page: AssessedPage) => PageVerdict,
  wording: VerdictWording,
): CheckEvaluation {
  if (pages.length === 0) return notApplicable(wording.none);
  const byOutcome: Record<PageOutcome, CheckEvidence[]> = { pass: [], warn: [], fail: [] };
  for (const page of pages) {
    const verdict = judge(page);
    byOutcome[verdict.outcome].push(onPage(page, verdict.detail));
  }
  const total = pages.length;
  const { pass, warn, fail } = byOutcome;
  if (fail.length === 0 && warn.length === 0) {
    return { outcome: 'pass', summary: `${wording.pass} ${onPages(total, total, wording.pages)}`, evidence: pass };
  }
  const parts: string[] = [];
  if (fail.length) parts.push(`${wording.fail} ${onPages(fail.length, total, wording.pages)}`);
  if (warn.length) parts.push(`${wording.warn ?? wording.fail} ${onPages(warn.length, total, wording.pages)}`);
  const outcome: PageOutcome = fail.length ? 'fail' : 'warn';
  return { outcome, summary: parts.join('; '), evidence: [...fail, ...warn] };
}
