import type { WithAcceptance } from '@vendorwatch/compliance';
import type {
  CheckOutcome,
  ReportExportFormat,
  ReportFilters,
  ReportsOverview,
  ReportSummary,
  VendorInventorySummary,
} from '@vendorwatch/contracts';
import type {
  OutcomeRow,
  PeriodChangeRow,
  PortfolioFindingRow,
  ReportFilters as Period,
  SectionOutcomeRow,
} from '@vendorwatch/db';
import type { Writable } from 'node:stream';

/** One assessment as the exports write it: a report summary with real dates for typed cells. */
export type ExportAssessment = Omit<ReportSummary, 'assessedAt' | 'crawlCompletedAt'> & {
  assessedAt: Date;
  crawlCompletedAt: Date | null;
};

/** One check outcome with the assessment it belongs to; `accepted` (with why and until when) while an acceptance covers it. */
export type ExportOutcome = WithAcceptance<OutcomeRow>;
/** A failing or warning check of a vendor's section, or one accepted. */
export type ExportSectionOutcome = WithAcceptance<SectionOutcomeRow>;

export interface OutcomeQuery {
  /** How many pieces of evidence each outcome carries (the first ones). */
  evidenceLimit: number;
  /** Only these outcomes; all when absent. */
  outcomes?: CheckOutcome[];
}

/** What an export covers: the filters' period and vendor, or one assessment (exported from its report page). */
export interface ReportScope {
  filters: ReportFilters;
  period: Period;
  /** The one assessment exported; null for a period's report. */
  reportId: string | null;
}

/**
 * What an export reads. The overview, the portfolio's worst findings and the period's comparisons are
 * bounded and read up front; assessments and outcomes come in batches from PostgreSQL (keyset
 * pagination), and a vendor section's findings one vendor at a time, so an export of any size holds
 * one batch at a time.
 */
export interface ReportExportData {
  generatedAt: Date;
  scope: ReportScope;
  /** The vendor filter's (or the one report's) vendor name; null when the export covers all vendors. */
  vendorName: string | null;
  /** Every vendor in scope with its state, latest assessment and trend. */
  overview: ReportsOverview;
  portfolioFindings: PortfolioFindingRow[];
  /** Per vendor in scope with an assessed crawl, by vendor id: its grade, vulnerable libraries and top third parties. */
  inventories: ReadonlyMap<string, VendorInventorySummary>;
  /** The period's comparisons with each vendor's previous crawl, by vendor name then time. */
  changes: PeriodChangeRow[];
  /** Addresses in the app, so a file's reader can open the crawl or the report. */
  links: { crawl(jobId: string): string; report(reportId: string): string };
  assessments(): AsyncIterable<ExportAssessment[]>;
  outcomes(query: OutcomeQuery): AsyncIterable<ExportOutcome[]>;
  /** The failing and warning checks of one assessment, each with its first evidence. */
  sectionOutcomes(reportId: string): Promise<ExportSectionOutcome[]>;
}

export interface ReportExporter {
  format: ReportExportFormat;
  contentType: string;
  /**
   * Writes the whole file to `out` (which it does not end). It reads its first batches before
   * writing a byte, so a failing database still gets a proper error answer; later, it waits for
   * `out` to drain after each batch, so a slow download does not pile the file up in memory.
   */
  write(data: ReportExportData, out: Writable): Promise<void>;
}

/** The download stopped (the client went away): the export ends without writing more. */
export class ExportAbortedError extends Error {
  constructor() {
    super('The export was aborted');
    this.name = 'ExportAbortedError';
  }
}

/**
 * Resolves once `out` can take more; rejects when it was destroyed (the download was abandoned).
 * It first lets the event loop turn once: pdfkit and the zip writer hand their output over on
 * later ticks, so only then does `out` hold what the last batch produced.
 */
export async function drained(out: Writable): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (out.destroyed) throw new ExportAbortedError();
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new ExportAbortedError());
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * Reads the first batch now and gives back an iterable of all batches: the export learns of a
 * failing query before it has written anything.
 */
export async function started<T>(batches: AsyncIterable<T[]>): Promise<AsyncIterable<T[]>> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      let next = first;
      while (!next.done) {
        yield next.value;
        next = await iterator.next();
      }
    },
  };
}

/** The report's period in words, e.g. "2025-01-01 to 2025-01-31", "from 2025-01-01", "all time", "one assessment". */
export function describeScope(scope: ReportScope): string {
  return scope.reportId ? 'one assessment' : describePeriod(scope.filters);
}

export function describePeriod(filters: ReportFilters): string {
  if (filters.startDate && filters.endDate) return `${filters.startDate} to ${filters.endDate}`;
  if (filters.startDate) return `from ${filters.startDate}`;
  if (filters.endDate) return `up to ${filters.endDate}`;
  return 'all time';
}

/** ISO date and time without seconds' fractions, in UTC: how the exports print a moment. */
export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
