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

/** At most this many new findings are named per check; the rest are counted. */
const NAMED_FINDINGS = 5;

/** "<title> (jquery 3.4.1: CVE-2020-11022; …)": each check once, with everything it newly found over the comparisons. */
function foundBelow(findings: FindingChange[]): string[] {
  const byCheck = new Map<string, { title: string; found: Set<string> }>();
  for (const finding of findings) {
    const entry = byCheck.get(finding.checkId) ?? { title: finding.title, found: new Set<string>() };
    for (const label of finding.newFindings ?? []) entry.found.add(label);
    byCheck.set(finding.checkId, entry);
  }
  return [...byCheck.values()].map(({ title, found }) => {
    const labels = [...found];
    const more = labels.length > NAMED_FINDINGS ? ` and ${labels.length - NAMED_FINDINGS} more` : '';
    return labels.length ? `${title} (${labels.slice(0, NAMED_FINDINGS).join('; ')}${more})` : title;
  });
}

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
  const worse = totals.findingsNew.filter((f) => f.outcome !== f.previousOutcome);
  const more = totals.findingsNew.filter((f) => f.outcome === f.previousOutcome);
  const resolved = titles(totals.findingsResolved);
  if (worse.length) parts.push(`newly failing or warning: ${titles(worse).join('; ')}`);
  if (more.length) parts.push(`new findings in checks already failing or warning: ${foundBelow(more).join('; ')}`);
  if (!worse.length && !more.length) parts.push('no new findings');
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
