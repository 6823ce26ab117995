import { auditSummaryText } from '@vendorwatch/contracts';
import type { AuditEntryRow } from '@vendorwatch/db';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import { safeCsvOptions } from '../../common/safe-csv';

export const AUDIT_CSV_COLUMNS = [
  'Time',
  'Actor type',
  'Actor',
  'Actor ID',
  'Action',
  'Target type',
  'Target',
  'Target ID',
  'Summary',
  'Client address',
] as const;

const record = (row: AuditEntryRow): string[] => [
  row.at.toISOString(),
  row.actorType,
  row.actorLabel,
  row.actorId ?? '',
  row.action,
  row.targetType,
  row.targetName ?? '',
  row.targetId ?? '',
  auditSummaryText(row.summary),
  row.clientAddress ?? '',
];

/**
 * The entries as RFC 4180 CSV, with the report exports' guards (quoted line breaks, no cell that a
 * spreadsheet reads as a formula: a key's name or a workspace's is the user's text). The first batch
 * is read before anything is sent, so a failing database is an error answer, not a cut file.
 */
export async function auditLogCsv(batches: AsyncGenerator<AuditEntryRow[]>): Promise<Readable> {
  const first = await batches.next();
  const csv = stringify(safeCsvOptions(AUDIT_CSV_COLUMNS));
  const write = async (rows: AuditEntryRow[]) => {
    for (const row of rows) if (!csv.write(record(row))) await new Promise((resolve) => csv.once('drain', resolve));
  };
  void (async () => {
    if (!first.done) await write(first.value);
    for await (const rows of batches) await write(rows);
    csv.end();
  })().catch((error: unknown) => csv.destroy(error instanceof Error ? error : new Error(String(error))));
  return csv;
}
