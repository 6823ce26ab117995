import { Inject, Injectable, Logger } from '@nestjs/common';
import { applyAcceptances, type AcceptanceRecord } from '@vendorwatch/compliance';
import {
  CHECK_SEVERITIES,
  formatMessage,
  LIMITS,
  MESSAGES,
  REPORT_FILE_EXTENSIONS,
  type Paginated,
  type ReportDetail,
  type ReportExportFormat,
  type ReportExportRequest,
  type ReportFilters,
  type ReportListQuery,
  type ReportsOverview,
  type ReportSummary,
  type SeverityCounts,
  type VendorCompliance,
  type VendorInventorySummary,
} from '@vendorwatch/contracts';
import {
  ComplianceAssessmentsRepository,
  loggableError,
  ReportsRepository,
  RiskAcceptancesRepository,
  type ReportFilters as Period,
  type WorkspaceId,
} from '@vendorwatch/db';
import {
  APP_CONFIG,
  AssessmentBusyError,
  AssessmentTimeoutError,
  CrawlAssessor,
  publicUrl,
  VendorInventories,
  type AppConfig,
} from '@vendorwatch/runtime';
import type { Readable } from 'node:stream';
import { DomainError, NotFoundError } from '../../common/errors';
import { noteForAudit } from '../audit-log/audit-notes';
import {
  ExportAbortedError,
  PDF_EVIDENCE_PER_CHECK,
  REPORT_EXPORTERS,
  streamWhenStarted,
  type ReportExportData,
  type ReportScope,
} from './exports';
import { toExportAssessment, toReportDetail, toReportSummary, toVendorCompliance } from './report.mapper';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows read per query while exporting: small enough to keep memory flat, large enough to keep PostgreSQL busy. */
const EXPORT_BATCH = { assessments: 500, outcomes: 1000 } as const;
/** The executive summary's worst findings, and the comparisons a report lists (the newest per vendor beyond it are left out). */
const PORTFOLIO_FINDINGS = 10;
const PERIOD_CHANGES = 2000;

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
  private readonly appUrl: string;

  constructor(
    private readonly reports: ReportsRepository,
    private readonly assessments: ComplianceAssessmentsRepository,
    private readonly assessor: CrawlAssessor,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly inventories: VendorInventories,
    private readonly acceptances: RiskAcceptancesRepository,
  ) {
    this.appUrl = publicUrl(config).replace(/\/+$/, '');
  }

  async list(workspaceId: WorkspaceId, query: ReportListQuery): Promise<Paginated<ReportSummary>> {
    const { page, limit, ...filters } = query;
    const { rows, total } = await this.reports.list(workspaceId, toPeriod(filters), page, limit);
    return { items: rows.map(toReportSummary), total, page, limit };
  }

  /** The tiles and the compliance table: every vendor in the filter's scope with its state, latest assessment and trend. */
  summary(workspaceId: WorkspaceId, filters: ReportFilters): Promise<ReportsOverview> {
    return this.overview(workspaceId, toPeriod(filters));
  }

  /** One assessment with its checks; a check an active risk acceptance covers reads `accepted` (at `now`). */
  async get(workspaceId: WorkspaceId, id: string, now = new Date()): Promise<ReportDetail> {
    const row = await this.assessments.find(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.reports.notFound);
    const checks = await this.assessments.checkResults(id);
    const pageIds = [...new Set(checks.flatMap((check) => check.evidence.flatMap((e) => (e.pageId ? [e.pageId] : []))))];
    const [pagesWithScreenshot, acceptances] = await Promise.all([
      this.assessments.pagesWithScreenshot(row.jobId, pageIds),
      row.vendorId ? this.acceptances.activeForVendors(workspaceId, [row.vendorId], now) : [],
    ]);
    return toReportDetail(row, checks, pagesWithScreenshot, acceptances, now);
  }

  async reassess(workspaceId: WorkspaceId, id: string): Promise<ReportDetail> {
    const row = await this.assessments.find(workspaceId, id);
    if (!row) throw new NotFoundError(MESSAGES.reports.notFound);
    // Judged on the assessor's thread: the API's event loop keeps answering meanwhile.
    await this.assessor.assess(row.jobId, { refuseWhenBusy: true }).catch((error: unknown) => {
      if (error instanceof AssessmentBusyError) throw new DomainError(503, MESSAGES.reports.reassessBusy);
      if (error instanceof AssessmentTimeoutError) throw new DomainError(503, MESSAGES.reports.reassessTooLong);
      throw error;
    });
    return this.get(workspaceId, id);
  }

  /** The filtered period's report as a file. */
  export(workspaceId: WorkspaceId, { format, filters }: ReportExportRequest, now = new Date()): Promise<ReportFile> {
    // The filters as validated: the request's own object may carry keys the schema drops.
    noteForAudit({ filters });
    return this.exportScope(workspaceId, format, { filters, period: toPeriod(filters), reportId: null }, now);
  }

  /** One assessment's report as a file, from its report page; 404 for another workspace's or an unknown one. */
  async exportOne(workspaceId: WorkspaceId, id: string, format: ReportExportFormat, now = new Date()): Promise<ReportFile> {
    if (!(await this.assessments.find(workspaceId, id))) throw new NotFoundError(MESSAGES.reports.notFound);
    return this.exportScope(workspaceId, format, { filters: {}, period: { assessmentId: id }, reportId: id }, now);
  }

  private async overview(workspaceId: WorkspaceId, period: Period): Promise<ReportsOverview> {
    const [standings, trend] = await Promise.all([
      this.reports.vendorStandings(workspaceId, period),
      this.reports.trend(workspaceId, period, LIMITS.reportTrendPoints),
    ]);
    const trends = new Map<string, VendorCompliance['trend']>();
    for (const point of trend) {
      const points = trends.get(point.vendorId) ?? [];
      points.push({ assessedAt: point.assessedAt.toISOString(), crawledAt: point.crawledAt.toISOString(), rate: point.rate });
      trends.set(point.vendorId, points);
    }
    const vendors = standings.map((row) => toVendorCompliance(row, trends.get(row.vendorId) ?? []));
    const openFailures = Object.fromEntries(CHECK_SEVERITIES.map((severity) => [severity, 0])) as SeverityCounts;
    for (const { latest } of standings) {
      if (!latest) continue;
      openFailures.critical += latest.failuresCritical;
      openFailures.high += latest.failuresHigh;
      openFailures.medium += latest.failuresMedium;
      openFailures.low += latest.failuresLow;
    }
    const rates = vendors.flatMap((vendor) => (vendor.rate === null ? [] : [vendor.rate]));
    const inState = (state: VendorCompliance['state']) => vendors.filter((vendor) => vendor.state === state).length;
    return {
      vendorsInScope: vendors.length,
      vendorsAssessed: inState('assessed'),
      vendorsNotAssessed: inState('not_assessed'),
      vendorsCrawlFailed: inState('crawl_failed'),
      averageRate: rates.length ? round1(rates.reduce((sum, rate) => sum + rate, 0) / rates.length) : null,
      pagesChecked: standings.reduce((sum, row) => sum + row.pagesChecked, 0),
      openFailures,
      vendors,
    };
  }

  /**
   * The export as a stream that has already started: everything that can fail before the first
   * byte (the summary, the first batches) has been read, so such a failure is still a proper
   * 500 answer with the spec's message rather than a broken download.
   */
  private async exportScope(
    workspaceId: WorkspaceId,
    format: ReportExportFormat,
    scope: ReportScope,
    now: Date,
  ): Promise<ReportFile> {
    const exporter = REPORT_EXPORTERS[format];
    try {
      const { period } = scope;
      const [overview, portfolioFindings, changes] = await Promise.all([
        this.overview(workspaceId, period),
        this.reports.portfolioFindings(workspaceId, period, PORTFOLIO_FINDINGS),
        this.reports.changesInPeriod(workspaceId, period, PERIOD_CHANGES),
      ]);
      const reports = this.reports;
      const appUrl = this.appUrl;
      const acceptances = await this.acceptancesByVendor(
        workspaceId,
        overview.vendors.map((vendor) => vendor.vendorId),
        now,
      );
      const acceptancesOf = (vendorId: string | null) => (vendorId ? (acceptances.get(vendorId) ?? []) : []);
      const vendorOfReport = new Map(overview.vendors.map((vendor) => [vendor.latestReportId, vendor.vendorId]));
      const inventories = await this.inventorySummaries(
        workspaceId,
        overview.vendors.map((vendor) => vendor.vendorId),
      );
      const data: ReportExportData = {
        generatedAt: now,
        scope,
        // A vendor filter names its vendor (one not in the workspace covers nothing); no filter covers all of them.
        vendorName: scope.reportId || period.vendorId ? (overview.vendors[0]?.vendorName ?? 'No such vendor') : null,
        overview,
        portfolioFindings,
        inventories,
        changes,
        links: {
          crawl: (jobId) => `${appUrl}/crawls/${encodeURIComponent(jobId)}`,
          report: (reportId) => `${appUrl}/reports/${encodeURIComponent(reportId)}`,
        },
        // Every outcome read through the one rule: a check an active acceptance covers is written as accepted.
        async *assessments() {
          for await (const batch of reports.assessmentBatches(workspaceId, period, EXPORT_BATCH.assessments))
            yield batch.map(toExportAssessment);
        },
        async *outcomes(query) {
          for await (const batch of reports.outcomeBatches(workspaceId, period, { batchSize: EXPORT_BATCH.outcomes, ...query }))
            yield batch.flatMap((row) => applyAcceptances([row], acceptancesOf(row.vendorId), now));
        },
        sectionOutcomes: async (reportId) =>
          applyAcceptances(
            await reports.assessmentOutcomes(workspaceId, reportId, {
              outcomes: ['fail', 'warn'],
              evidenceLimit: PDF_EVIDENCE_PER_CHECK,
            }),
            acceptancesOf(vendorOfReport.get(reportId) ?? null),
            now,
          ),
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

  /** The active risk acceptances of these vendors at `now`, by vendor. */
  private async acceptancesByVendor(workspaceId: WorkspaceId, vendorIds: string[], now: Date) {
    const byVendor = new Map<string, AcceptanceRecord[]>();
    for (const row of await this.acceptances.activeForVendors(workspaceId, vendorIds, now))
      byVendor.set(row.vendorId, [...(byVendor.get(row.vendorId) ?? []), row]);
    return byVendor;
  }

  /** The vendors' grades, vulnerable libraries and top third parties, read in the report's workspace. */
  private async inventorySummaries(workspaceId: WorkspaceId, vendorIds: string[]): Promise<Map<string, VendorInventorySummary>> {
    if (vendorIds.length === 0) return new Map();
    const summaries = await this.inventories.summaries(workspaceId, vendorIds);
    return new Map(summaries.map((summary) => [summary.vendorId, summary]));
  }

  private logLateError(format: string, error: unknown) {
    if (error instanceof ExportAbortedError) this.logger.log(`Export as ${format} stopped: the download was abandoned`);
    else this.logger.error(`Export as ${format} failed while streaming: ${loggableError(error)}`);
  }
}
