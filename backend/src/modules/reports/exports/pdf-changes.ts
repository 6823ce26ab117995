import { crawlMethodName, type ComplianceLabel, type FindingChange } from '@vendorwatch/contracts';
import type { PeriodChangeRow } from '@vendorwatch/db';
import { formatRate } from './pdf-style';

/** "from 60.0% (Non-Compliant) to 95.0% (Compliant)", or what is known of it (the PDF's fonts have no arrows). */
export function rateChange(
  rateBefore: number | null,
  labelBefore: ComplianceLabel | null,
  rateAfter: number | null,
  labelAfter: ComplianceLabel | null,
): string {
  const side = (rate: number | null, label: ComplianceLabel | null) =>
    rate === null ? 'not assessed' : `${formatRate(rate)}${label ? ` (${label})` : ''}`;
  return `from ${side(rateBefore, labelBefore)} to ${side(rateAfter, labelAfter)}`;
}

const titles = (findings: FindingChange[]) => [...new Map(findings.map((f) => [f.checkId, f.title])).values()];

/** One comparison, or several added up. */
export type ChangeTotals = Pick<
  PeriodChangeRow,
  'added' | 'removed' | 'changed' | 'policyPagesChanged' | 'findingsNew' | 'findingsResolved' | 'findingsNotComparable'
> & {
  /** The comparisons whose two crawls used different methods. */
  methodsChanged: Pick<PeriodChangeRow, 'methodBefore' | 'methodAfter'>[];
};

/**
 * One or more comparisons in words: pages added, removed and changed (policy pages named), the checks
 * newly failing or warning and those resolved, and — when the crawl method changed — the checks that
 * could not be compared, so a moved rate is not read as the site's doing.
 */
export function describeChange(totals: ChangeTotals): string {
  const parts = [
    `${totals.added} ${totals.added === 1 ? 'page' : 'pages'} added, ${totals.removed} removed, ${totals.changed} changed` +
      (totals.policyPagesChanged
        ? ` (${totals.policyPagesChanged} policy ${totals.policyPagesChanged === 1 ? 'page' : 'pages'})`
        : ''),
  ];
  const fresh = titles(totals.findingsNew);
  const resolved = titles(totals.findingsResolved);
  parts.push(fresh.length ? `newly failing or warning: ${fresh.join('; ')}` : 'no new findings');
  if (resolved.length) parts.push(`resolved: ${resolved.join('; ')}`);
  const methods = [
    ...new Set(totals.methodsChanged.map((m) => `${crawlMethodName(m.methodBefore!)} to ${crawlMethodName(m.methodAfter!)}`)),
  ];
  if (methods.length) {
    const unseen = titles(totals.findingsNotComparable);
    parts.push(`method changed (${methods.join(', ')})` + (unseen.length ? `: not comparable, ${unseen.join('; ')}` : ''));
  } else if (totals.findingsNotComparable.length) {
    parts.push(`not comparable (not evaluated by one of the crawls): ${titles(totals.findingsNotComparable).join('; ')}`);
  }
  return `${parts.map((part) => part[0]!.toUpperCase() + part.slice(1)).join('. ')}.`;
}
