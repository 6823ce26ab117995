import { CHECK_GROUP_TITLES, CHECK_SEVERITIES, CHECK_SEVERITY_LABELS, REPORT_CHECK_OUTCOME_LABELS } from '@vendorwatch/contracts';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../../common/document-libraries';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { describeScope, drained, started, type ReportExporter } from './report-export';
import { neutralizeFormulas } from '../../../common/spreadsheet-text';
import { vendorStateCells } from './vendor-state-cells';
import { programmeCells } from './programme-cells';

type Worksheet = ExcelJS.Worksheet;
type Column = Partial<ExcelJS.Column> & { header: string; key: string };
type RowValues = Record<string, ExcelJS.CellValue>;

const DATE_TIME = 'yyyy-mm-dd hh:mm';
const DATE = 'yyyy-mm-dd';
const PERCENT = '0.0%';
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };

const percent = (rate: number | null) => (rate === null ? null : rate / 100);

/**
 * A table sheet written row by row: each row committed as written, text cells guarded against
 * formulas (crawled text reaches them through the evidence), and an auto-filter over the header and
 * every row once the last is in.
 */
class TableSheet {
  private rows = 1;

  constructor(
    private readonly worksheet: Worksheet,
    private readonly columns: number,
  ) {}

  /** One row; `formats` gives cells of this row alone a number format (the Summary's mixed column). */
  add(values: RowValues, formats: Record<string, string> = {}): void {
    const safe = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? neutralizeFormulas(value) : value]),
    );
    const row = this.worksheet.addRow(safe);
    for (const [key, numFmt] of Object.entries(formats)) row.getCell(key).numFmt = numFmt;
    row.commit();
    this.rows++;
  }

  /** Rows batch by batch; waits for `out` between batches. */
  async addBatches<T>(batches: AsyncIterable<T[]>, out: Writable, toRow: (row: T) => RowValues): Promise<void> {
    for await (const batch of batches) {
      for (const row of batch) this.add(toRow(row));
      await drained(out);
    }
  }

  commit(): void {
    this.worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: this.rows, column: this.columns } };
    this.worksheet.commit();
  }
}

/**
 * The workbook, streamed: one sheet per section (Summary, Vendors, Assessments, Check results),
 * each with a bold, frozen header row, an auto-filter and typed cells — numbers as numbers, moments
 * as dates, rates as fractions shown with a percentage format. The Vendors sheet lists every vendor
 * in scope with its state. Shared strings stay off: they would keep every string of the file in
 * memory until the end.
 */
export const excelExporter: ReportExporter = {
  format: 'excel',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  async write(data, out) {
    const assessments = await started(data.assessments());
    const outcomes = await started(data.outcomes({ evidenceLimit: 1 }));

    // The zip writer never waits on the download: its output goes straight to `out`, whose fill
    // sets the pace between batches.
    const zip = new PassThrough();
    zip.on('data', (chunk: Buffer) => out.write(chunk));
    const zipped = finished(zip);
    const workbook = new (await loadExcelJs()).stream.xlsx.WorkbookWriter({
      stream: zip,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Vendorwatch';
    workbook.created = data.generatedAt;

    const sheet = (name: string, columns: Column[]): TableSheet => {
      const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      worksheet.columns = columns;
      const header = worksheet.getRow(1);
      header.font = { bold: true };
      header.fill = HEADER_FILL;
      return new TableSheet(worksheet, columns.length);
    };

    const { overview } = data;
    const summary = sheet('Summary', [
      { header: 'Figure', key: 'figure', width: 34 },
      { header: 'Value', key: 'value', width: 40, style: { alignment: { horizontal: 'left' } } },
    ]);
    const figures: [string, ExcelJS.CellValue, string?][] = [
      ['Generated at', data.generatedAt, DATE_TIME],
      ['Period', describeScope(data.scope)],
      ['Vendor', data.vendorName ?? 'All vendors'],
      ['Vendors in scope', overview.vendorsInScope],
      ['Vendors assessed', overview.vendorsAssessed],
      ['Vendors not assessed yet', overview.vendorsNotAssessed],
      ['Vendors whose last crawl failed', overview.vendorsCrawlFailed],
      ['Average compliance rate', percent(overview.averageRate), PERCENT],
      ['Pages checked', overview.pagesChecked],
      ...CHECK_SEVERITIES.map((severity): [string, number] => [
        `Open ${CHECK_SEVERITY_LABELS[severity].toLowerCase()} failures`,
        overview.openFailures[severity],
      ]),
    ];
    for (const [figure, value, numFmt] of figures) summary.add({ figure, value }, numFmt ? { value: numFmt } : {});
    summary.commit();

    const vendors = sheet('Vendors', [
      { header: 'Vendor', key: 'vendor', width: 32 },
      { header: 'Latest compliance rate', key: 'rate', width: 22, style: { numFmt: PERCENT } },
      { header: 'Label', key: 'label', width: 20 },
      { header: 'Last assessed', key: 'lastAssessedAt', width: 20, style: { numFmt: DATE_TIME } },
      { header: 'Assessments in trend', key: 'assessments', width: 20 },
      { header: 'Latest report ID', key: 'reportId', width: 38 },
      { header: 'State', key: 'state', width: 20 },
      { header: 'Method', key: 'method', width: 12 },
      { header: 'Last crawl', key: 'lastCrawlStatus', width: 12 },
      { header: 'Last crawl at', key: 'lastCrawlAt', width: 20, style: { numFmt: DATE_TIME } },
      { header: 'Crawl failure', key: 'crawlFailure', width: 48 },
      { header: 'Crawl link', key: 'crawlLink', width: 48 },
      // The vendor's programme (issue 40), after the columns scripts read by position.
      { header: 'Tier', key: 'tier', width: 18 },
      { header: 'Review status', key: 'reviewStatus', width: 16 },
      { header: 'Next review', key: 'nextReviewAt', width: 14, style: { numFmt: DATE } },
      { header: 'Open requests', key: 'openRequests', width: 14 },
      { header: 'Active acceptances', key: 'activeAcceptances', width: 18 },
    ]);
    for (const vendor of overview.vendors) {
      vendors.add({
        vendor: vendor.vendorName,
        rate: percent(vendor.rate),
        label: vendor.label,
        lastAssessedAt: vendor.lastAssessedAt ? new Date(vendor.lastAssessedAt) : null,
        assessments: vendor.trend.length,
        reportId: vendor.latestReportId,
        method: vendor.method ?? vendor.lastCrawl?.method ?? null,
        ...vendorStateCells(vendor, data.links),
        ...programmeCells(data.programme.get(vendor.vendorId)),
      });
    }
    vendors.commit();

    const assessmentSheet = sheet('Assessments', [
      { header: 'Report ID', key: 'id', width: 38 },
      { header: 'Vendor', key: 'vendor', width: 28 },
      { header: 'Target URL', key: 'targetUrl', width: 36 },
      { header: 'Method', key: 'method', width: 12 },
      { header: 'Assessed at', key: 'assessedAt', width: 18, style: { numFmt: DATE_TIME } },
      { header: 'Crawl completed at', key: 'crawlCompletedAt', width: 18, style: { numFmt: DATE_TIME } },
      { header: 'Compliance rate', key: 'rate', width: 16, style: { numFmt: PERCENT } },
      { header: 'Label', key: 'label', width: 20 },
      { header: 'Passed', key: 'pass', width: 10 },
      { header: 'Failed', key: 'fail', width: 10 },
      { header: 'Warnings', key: 'warn', width: 10 },
      { header: 'Not applicable', key: 'notApplicable', width: 14 },
      ...CHECK_SEVERITIES.map((severity) => ({
        header: `${CHECK_SEVERITY_LABELS[severity]} failures`,
        key: severity,
        width: 16,
      })),
      { header: 'Pages checked', key: 'pagesChecked', width: 14 },
    ]);
    await assessmentSheet.addBatches(assessments, out, (row) => ({
      id: row.id,
      vendor: row.vendorName ?? '',
      targetUrl: row.targetUrl,
      method: row.method,
      assessedAt: row.assessedAt,
      crawlCompletedAt: row.crawlCompletedAt,
      rate: percent(row.rate),
      label: row.label,
      ...row.counts,
      ...row.failures,
      pagesChecked: row.pagesChecked,
    }));
    assessmentSheet.commit();

    const results = sheet('Check results', [
      { header: 'Report ID', key: 'reportId', width: 38 },
      { header: 'Vendor', key: 'vendor', width: 28 },
      { header: 'Assessed at', key: 'assessedAt', width: 18, style: { numFmt: DATE_TIME } },
      { header: 'Check ID', key: 'checkId', width: 28 },
      { header: 'Group', key: 'group', width: 20 },
      { header: 'Severity', key: 'severity', width: 10 },
      { header: 'Outcome', key: 'outcome', width: 14 },
      { header: 'Title', key: 'title', width: 48 },
      { header: 'Summary', key: 'summary', width: 48 },
      { header: 'Evidence count', key: 'evidenceTotal', width: 14 },
      { header: 'First evidence URL', key: 'evidenceUrl', width: 40 },
      { header: 'First evidence detail', key: 'evidenceDetail', width: 60 },
      { header: 'Method', key: 'method', width: 12 },
      // Issue 40: a check an active risk acceptance covers reads Accepted, with until when and why.
      { header: 'Accepted until', key: 'acceptedUntil', width: 18, style: { numFmt: DATE_TIME } },
      { header: 'Acceptance justification', key: 'acceptanceJustification', width: 60 },
    ]);
    await results.addBatches(outcomes, out, (row) => ({
      reportId: row.assessmentId,
      vendor: row.vendorName ?? '',
      assessedAt: row.assessedAt,
      checkId: row.checkId,
      group: CHECK_GROUP_TITLES[row.group] ?? row.group,
      severity: CHECK_SEVERITY_LABELS[row.severity] ?? row.severity,
      outcome: REPORT_CHECK_OUTCOME_LABELS[row.outcome] ?? row.outcome,
      title: row.title,
      summary: row.summary,
      evidenceTotal: row.evidenceTotal,
      evidenceUrl: row.evidence[0]?.url ?? '',
      evidenceDetail: row.evidence[0]?.detail ?? '',
      method: row.method,
      acceptedUntil: row.acceptance ? new Date(row.acceptance.expiresAt) : '',
      acceptanceJustification: row.acceptance?.justification ?? '',
    }));
    results.commit();

    // What each vendor runs and shares, by its latest assessed crawl (issues 31 and 32); last, so the
    // earlier sheets keep their places for scripts that read them by position.
    const software = sheet('Software & third parties', [
      { header: 'Vendor', key: 'vendor', width: 32 },
      { header: 'Overall grade', key: 'grade', width: 14 },
      { header: 'Grade score', key: 'score', width: 12 },
      { header: 'Vulnerable libraries', key: 'vulnerableLibraries', width: 20 },
      { header: 'Top third parties', key: 'thirdParties', width: 60 },
      { header: 'Crawl completed at', key: 'crawlCompletedAt', width: 20, style: { numFmt: DATE_TIME } },
    ]);
    for (const vendor of overview.vendors) {
      const inventory = data.inventories.get(vendor.vendorId);
      if (!inventory) continue;
      software.add({
        vendor: vendor.vendorName,
        grade: inventory.overallGrade.letter ?? 'Not graded',
        score: inventory.overallGrade.score,
        vulnerableLibraries: inventory.vulnerableLibraries,
        thirdParties: inventory.topThirdParties.join(', '),
        crawlCompletedAt: inventory.crawlCompletedAt ? new Date(inventory.crawlCompletedAt) : null,
      });
    }
    software.commit();
    await workbook.commit();
    await zipped;
  },
};
