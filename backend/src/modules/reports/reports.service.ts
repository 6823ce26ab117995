import { Injectable, Logger } from '@nestjs/common';
import {
  CHECK_SEVERITIES,
  formatMessage,
  LIMITS,
  MESSAGES,
  REPORT_FILE_EXTENSIONS,
  type Paginated,
  type ReportDetail,
  type ReportExportRequest,
  type ReportFilters,
  type ReportListQuery,
  type ReportsOverview,
  type ReportSummary,
  type SeverityCounts,
  type VendorCompliance,
} from '@vendorwatch/contracts';
import {
  ComplianceAssessmentsRepository,
  loggableError,
  ReportsRepository,
  VendorsRepository,
  type ReportFilters as Period,
} from '@vendorwatch/db';
import { CrawlAssessor } from '@vendorwatch/runtime';
import type { Readable } from 'node:stream';
import { DomainError, NotFoundError } from '../../common/errors';
import { ExportAbortedError, REPORT_EXPORTERS, streamWhenStarted, type ReportExportData } from './exports';
import { toExportAssessment, toReportDetail, toReportSummary } from './report.mapper';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows read per query while exporting: small enough to keep memory flat, large enough to keep PostgreSQL busy. */
const EXPORT_BATCH = { assessments: 500, outcomes: 1000 } as const;

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/** The filter's days (UTC, both included) as a half-open range of moments. */
export const toPeriod = (filters: ReportFilters): Period => ({
  vendorId: filters.vendorId,
  from: filters.startDate ? new Date(`${filters.startDate}T00:00:00Z`) : undefined,
  until: filters.endDate ? new Date(Date.parse(`${filters.endDate}T00:00:00Z`) + DAY_MS) : undefined,
});

/** `report-2025-01-31T120000Z.pdf`: sortable, and safe in every file system. */
export const reportFilename = (format: ReportExportRequest['format'], at: Date) =>
  `report-${at.toISOString().slice(0, 19).replace(/:/g, '')}Z.${REPORT_FILE_EXTENSIONS[format]}`;

const round1 = (value: number) => Math.round(value * 10) / 10;

@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    private readonly reports: ReportsRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
    private readonly vendors: VendorsRepository,
    private readonly assessor: CrawlAssessor,
  ) {}

  async list(userId: string, query: ReportListQuery): Promise<Paginated<ReportSummary>> {
    const { page, limit, ...filters } = query;
    const { rows, total } = await this.reports.listOwned(userId, toPeriod(filters), page, limit);
    return { items: rows.map(toReportSummary), total, page, limit };
  }

  /** The tiles and the compliance table: each vendor's latest assessment in the period and its trend. */
  async summary(userId: string, filters: ReportFilters): Promise<ReportsOverview> {
    const period = toPeriod(filters);
    const [latest, trend] = await Promise.all([
      this.reports.latestByVendor(userId, period),
      this.reports.trend(userId, period, LIMITS.reportTrendPoints),
    ]);
    const trends = new Map<string, VendorCompliance['trend']>();
    for (const point of trend) {
      const points = trends.get(point.vendorId) ?? [];
      points.push({ assessedAt: point.assessedAt.toISOString(), rate: point.rate });
      trends.set(point.vendorId, points);
    }
    const openFailures = Object.fromEntries(CHECK_SEVERITIES.map((severity) => [severity, 0])) as SeverityCounts;
    for (const row of latest) {
      openFailures.critical += row.failuresCritical;
      openFailures.high += row.failuresHigh;
      openFailures.medium += row.failuresMedium;
      openFailures.low += row.failuresLow;
    }
    return {
      vendorsAssessed: latest.length,
      averageRate: latest.length ? round1(latest.reduce((sum, row) => sum + row.rate, 0) / latest.length) : null,
      pagesChecked: latest.reduce((sum, row) => sum + row.pagesChecked, 0),
      openFailures,
      vendors: latest.map((row) => ({
        vendorId: row.vendorId,
        vendorName: row.vendorName,
        latestReportId: row.reportId,
        rate: row.rate,
        label: row.label,
        lastAssessedAt: row.assessedAt.toISOString(),
        trend: trends.get(row.vendorId) ?? [],
      })),
    };
  }

  async get(userId: string, id: string): Promise<ReportDetail> {
    const row = await this.assessments.findOwned(userId, id);
    if (!row) throw new NotFoundError(MESSAGES.reports.notFound);
    return toReportDetail(row, await this.assessments.checkResults(id));
  }

  async reassess(userId: string, id: string): Promise<ReportDetail> {
    const row = await this.assessments.findOwned(userId, id);
    if (!row) throw new NotFoundError(MESSAGES.reports.notFound);
    await this.assessor.assess(row.jobId);
    return this.get(userId, id);
  }

  /**
   * The export as a stream that has already started: everything that can fail before the first
   * byte (the summary, the first batches) has been read, so such a failure is still a proper
   * 500 answer with the spec's message rather than a broken download.
   */
  async export(userId: string, { format, filters }: ReportExportRequest, now = new Date()): Promise<ReportFile> {
    const exporter = REPORT_EXPORTERS[format];
    try {
      const period = toPeriod(filters);
      const [overview, vendor] = await Promise.all([
        this.summary(userId, filters),
        filters.vendorId ? this.vendors.findOwned(userId, filters.vendorId) : undefined,
      ]);
      const reports = this.reports;
      const data: ReportExportData = {
        generatedAt: now,
        filters,
        vendorName: vendor?.name ?? null,
        overview,
        async *assessments() {
          for await (const batch of reports.assessmentBatches(userId, period, EXPORT_BATCH.assessments))
            yield batch.map(toExportAssessment);
        },
        outcomes: (query) => reports.outcomeBatches(userId, period, { batchSize: EXPORT_BATCH.outcomes, ...query }),
      };
      const body = await streamWhenStarted(
        (out) => exporter.write(data, out),
        (error) => this.logLateError(format, error),
      );
      return { filename: reportFilename(format, now), contentType: exporter.contentType, body };
    } catch (error) {
      this.logger.error(`Export as ${format} failed before it started: ${loggableError(error)}`);
      throw new DomainError(500, formatMessage.exportFailed(format));
    }
  }

  private logLateError(format: string, error: unknown) {
    if (error instanceof ExportAbortedError) this.logger.log(`Export as ${format} stopped: the download was abandoned`);
    else this.logger.error(`Export as ${format} failed while streaming: ${loggableError(error)}`);
  }
}
