import { CHECK_GROUP_TITLES, CHECK_OUTCOME_LABELS, CHECK_SEVERITY_LABELS } from '@vendorwatch/contracts';
import { stringify, type Options } from 'csv-stringify';
import { finished } from 'node:stream/promises';
import { drained, started, type ExportOutcome, type ReportExporter } from './report-export';

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
] as const;

/**
 * A cell that starts like a formula (=, +, -, @, tab, carriage return) would run as one when the
 * file is opened in a spreadsheet; evidence text comes from crawled sites, so such text is written
 * with a leading apostrophe, which spreadsheets show as plain text (OWASP's CSV injection advice).
 */
export const neutralizeFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export const csvRecord = (row: ExportOutcome): (string | number)[] => {
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
    CHECK_OUTCOME_LABELS[row.outcome] ?? row.outcome,
    row.title,
    row.summary,
    row.evidenceTotal,
    first?.url ?? '',
    first?.detail ?? '',
  ];
};

/** RFC 4180: CRLF line ends, quoted where needed, a header row. */
export const CSV_OPTIONS = {
  header: true,
  columns: [...CSV_COLUMNS],
  record_delimiter: 'windows',
  cast: { string: neutralizeFormula },
} satisfies Options;

/** One record per check outcome. */
export const csvExporter: ReportExporter = {
  format: 'csv',
  contentType: 'text/csv; charset=utf-8',
  async write(data, out) {
    const outcomes = await started(data.outcomes({ evidenceLimit: 1 }));
    const csv = stringify(CSV_OPTIONS);
    // The stringifier never holds output back: what it makes goes to `out`, whose fill decides the pace.
    csv.on('data', (chunk: Buffer) => out.write(chunk));
    const ended = finished(csv);
    for await (const batch of outcomes) {
      for (const row of batch) csv.write(csvRecord(row));
      await drained(out);
    }
    csv.end();
    await ended;
  },
};
