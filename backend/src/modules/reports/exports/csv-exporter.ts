import {
  CHECK_GROUP_TITLES,
  CHECK_SEVERITY_LABELS,
  REPORT_CHECK_OUTCOME_LABELS,
  VENDOR_REPORT_STATE_LABELS,
  type VendorInventorySummary,
} from '@vendorwatch/contracts';
import { stringify } from 'csv-stringify';
import { finished } from 'node:stream/promises';
import { drained, started, type ExportOutcome, type ReportExporter } from './report-export';
import { safeCsvOptions } from '../../../common/safe-csv';
import { vendorStateCells } from './vendor-state-cells';

/** The first fourteen as before (scripts read them by position); what was added since comes after. */
export const CSV_COLUMNS = [
  'Vendor',
  'Assessed at',
  'Report ID',
  'Compliance rate',
  'Label',
  'Check ID',
  'Group',
  'Severity',
  'Outcome',
  'Title',
  'Summary',
  'Evidence count',
  'First evidence URL',
  'First evidence detail',
  'Method',
  'State',
  'Crawl link',
  'Crawl failure',
  // The vendor's latest assessed crawl, as the dashboard and the vendor page show it.
  'Vendor grade',
  'Vulnerable libraries',
  'Top third parties',
  // Issue 40: a check an active risk acceptance covers reads Accepted, with until when and why.
  'Accepted until',
  'Acceptance justification',
] as const;

const ASSESSED = VENDOR_REPORT_STATE_LABELS.assessed;

/** The vendor's grade, vulnerable-library count and top third parties, by its latest assessed crawl; blank before one. */
const inventoryCells = (inventory: VendorInventorySummary | undefined): (string | number)[] =>
  inventory
    ? [inventory.overallGrade.letter ?? 'Not graded', inventory.vulnerableLibraries, inventory.topThirdParties.join(', ')]
    : ['', '', ''];

export const csvRecord = (
  row: ExportOutcome,
  inventories: ReadonlyMap<string, VendorInventorySummary> = new Map(),
): (string | number)[] => {
  const first = row.evidence[0];
  return [
    row.vendorName ?? '',
    row.assessedAt.toISOString(),
    row.assessmentId,
    row.rate,
    row.label,
    row.checkId,
    CHECK_GROUP_TITLES[row.group] ?? row.group,
    CHECK_SEVERITY_LABELS[row.severity] ?? row.severity,
    REPORT_CHECK_OUTCOME_LABELS[row.outcome] ?? row.outcome,
    row.title,
    row.summary,
    row.evidenceTotal,
    first?.url ?? '',
    first?.detail ?? '',
    row.method,
    ASSESSED,
    '',
    '',
    ...inventoryCells(row.vendorId ? inventories.get(row.vendorId) : undefined),
    row.acceptance?.expiresAt ?? '',
    row.acceptance?.justification ?? '',
  ];
};

export const CSV_OPTIONS = safeCsvOptions(CSV_COLUMNS);

/**
 * One record per check outcome of every assessment in the period, newest first; before them, one
 * record per vendor in scope that has none (not assessed yet, or its last crawl failed, with the reason
 * and the crawl's address), so no vendor is missing from the file.
 */
export const csvExporter: ReportExporter = {
  format: 'csv',
  contentType: 'text/csv; charset=utf-8',
  async write(data, out) {
    const outcomes = await started(data.outcomes({ evidenceLimit: 1 }));
    const csv = stringify(CSV_OPTIONS);
    // The stringifier never holds output back: what it makes goes to `out`, whose fill decides the pace.
    csv.on('data', (chunk: Buffer) => out.write(chunk));
    const ended = finished(csv);
    for (const vendor of data.overview.vendors) {
      if (vendor.state === 'assessed') continue;
      const cells = vendorStateCells(vendor, data.links);
      csv.write([
        vendor.vendorName,
        ...Array<string>(13).fill(''),
        vendor.lastCrawl?.method ?? '',
        cells.state,
        cells.crawlLink,
        cells.crawlFailure,
        ...inventoryCells(data.inventories.get(vendor.vendorId)),
        '',
        '',
      ]);
    }
    for await (const batch of outcomes) {
      for (const row of batch) csv.write(csvRecord(row, data.inventories));
      await drained(out);
    }
    csv.end();
    await ended;
  },
};
