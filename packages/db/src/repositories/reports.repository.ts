import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CheckOutcome, CheckSeverity, CrawlJobStatus, FindingChange, RenderingSummary } from '@vendorwatch/contracts';
import type { Database } from '../database';
import { complianceAssessments as a, complianceCheckResults as r, crawlChanges, crawlJobs, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';
import type { ComplianceAssessmentWithVendor, ComplianceCheckResultRow } from './compliance-assessments.repository';

/**
 * A period of assessment times, `from` included and `until` excluded, and a vendor; or one assessment
 * (`assessmentId`: a single report exported from its page), which then is the whole scope.
 */
export interface ReportFilters {
  from?: Date;
  until?: Date;
  vendorId?: string;
  assessmentId?: string;
}

/** A vendor in the report's scope: its latest assessment in the period, if any, and its latest crawl there. */
export interface VendorStandingRow {
  vendorId: string;
  vendorName: string;
  vendorUrl: string;
  latest: {
    reportId: string;
    rate: number;
    label: ComplianceAssessmentWithVendor['label'];
    method: string;
    jobId: string;
    assessedAt: Date;
    failuresCritical: number;
    failuresHigh: number;
    failuresMedium: number;
    failuresLow: number;
    /** The adaptive method's pages read in the browser; null for the other methods. */
    rendering: RenderingSummary | null;
  } | null;
  lastCrawl: { jobId: string; status: CrawlJobStatus; method: string; error: string | null; at: Date } | null;
  /** Assessments in the period and the pages they checked. */
  assessments: number;
  pagesChecked: number;
}

export interface TrendPointRow {
  vendorId: string;
  assessedAt: Date;
  /** When the assessed crawl completed (the assessment's time for crawls that did not record one). */
  crawledAt: Date;
  rate: number;
}

/** A check failing in the latest assessment of several vendors: the portfolio's worst findings. */
export interface PortfolioFindingRow {
  checkId: string;
  title: string;
  severity: CheckSeverity;
  howToFix: string;
  /** Vendors whose latest assessment in the period fails it. */
  vendors: number;
}

/** A comparison of a crawl of the period with the vendor's previous one. */
export interface PeriodChangeRow {
  vendorId: string;
  vendorName: string;
  jobId: string;
  completedAt: Date;
  methodBefore: string | null;
  methodAfter: string | null;
  added: number;
  removed: number;
  changed: number;
  policyPagesChanged: number;
  findingsNew: FindingChange[];
  findingsResolved: FindingChange[];
  findingsNotComparable: FindingChange[];
  rateBefore: number | null;
  rateAfter: number | null;
  labelBefore: ComplianceAssessmentWithVendor['label'] | null;
  labelAfter: ComplianceAssessmentWithVendor['label'] | null;
}

/** One check outcome of one assessment, as a report section prints it. */
export type SectionOutcomeRow = Pick<
  ComplianceCheckResultRow,
  'checkId' | 'group' | 'severity' | 'outcome' | 'title' | 'summary' | 'howToFix' | 'evidence' | 'evidenceTotal'
>;

/** What every read of a check outcome selects. */
const OUTCOME_COLUMNS = {
  checkId: r.checkId,
  group: r.group,
  severity: r.severity,
  outcome: r.outcome,
  title: r.title,
  summary: r.summary,
  evidenceTotal: r.evidenceTotal,
};

/** Most severe first, as SQL can sort it. */
const severityRank = sql`array_position(array['critical','high','medium','low']::text[], ${r.severity})`;

/** One check outcome with the assessment it belongs to, as the exports write them. */
export type OutcomeRow = Pick<
  ComplianceCheckResultRow,
  'position' | 'checkId' | 'group' | 'severity' | 'outcome' | 'title' | 'summary' | 'evidence' | 'evidenceTotal'
> & {
  assessmentId: string;
  assessedAt: Date;
  vendorId: string | null;
  vendorName: string | null;
  targetUrl: string;
  method: string;
  rate: number;
  label: ComplianceAssessmentWithVendor['label'];
};

export interface OutcomeBatchOptions {
  batchSize: number;
  /** How many pieces of evidence each outcome carries (the first ones). */
  evidenceLimit: number;
  /** Only these outcomes (e.g. the failures for the PDF); all when absent. */
  outcomes?: CheckOutcome[];
}

/** Keyset cursor: the timestamp as PostgreSQL prints it, so no microsecond is lost in a JS Date. */
interface Cursor {
  assessedAt: string;
  id: string;
}

/**
 * The reports' reads: the paginated list, the per-vendor summary and the batches the exports
 * stream. Every query is scoped by the workspace and walks an index on (workspace, [vendor,] assessed_at).
 */
export class ReportsRepository {
  constructor(private readonly db: Database) {}

  async list(
    workspaceId: WorkspaceId,
    filters: ReportFilters,
    page: number,
    limit: number,
  ): Promise<{ rows: ComplianceAssessmentWithVendor[]; total: number }> {
    const where = this.scope(workspaceId, filters);
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ assessment: a, vendorName: vendors.name })
        .from(a)
        .leftJoin(vendors, eq(vendors.id, a.vendorId))
        .where(where)
        .orderBy(desc(a.assessedAt), desc(a.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(a).where(where),
    ]);
    return { rows: rows.map((row) => ({ ...row.assessment, vendorName: row.vendorName })), total: totals?.total ?? 0 };
  }

  /**
   * Every vendor in the scope (all the workspace's, the filter's one, or the one assessment's), by name:
   * its latest assessment in the period and its latest crawl there (by when it ended, or was created
   * while unfinished). Each is one index walk per vendor (lateral joins).
   */
  async vendorStandings(workspaceId: WorkspaceId, filters: ReportFilters): Promise<VendorStandingRow[]> {
    const latest = this.db
      .select({
        reportId: sql<string>`${a.id}`.as('report_id'),
        rate: a.rate,
        label: a.label,
        method: a.method,
        jobId: sql<string>`${a.jobId}`.as('assessed_job_id'),
        assessedAt: a.assessedAt,
        failuresCritical: a.failuresCritical,
        failuresHigh: a.failuresHigh,
        failuresMedium: a.failuresMedium,
        failuresLow: a.failuresLow,
        rendering: a.rendering,
      })
      .from(a)
      .where(and(this.scope(workspaceId, filters), eq(a.vendorId, vendors.id)))
      .orderBy(desc(a.assessedAt), desc(a.id))
      .limit(1)
      .as('latest');
    const endedAt = sql<Date>`coalesce(${crawlJobs.completedAt}, ${crawlJobs.createdAt})`;
    const lastCrawl = this.db
      .select({
        crawlJobId: sql<string>`${crawlJobs.id}`.as('crawl_job_id'),
        crawlStatus: sql<CrawlJobStatus>`${crawlJobs.status}`.as('crawl_status'),
        crawlMethod: sql<string>`${crawlJobs.method}`.as('crawl_method'),
        crawlError: sql<string | null>`${crawlJobs.error}`.as('crawl_error'),
        crawlAt: sql<Date>`${endedAt}`.mapWith(crawlJobs.createdAt).as('crawl_at'),
      })
      .from(crawlJobs)
      .where(
        and(
          eq(crawlJobs.vendorId, vendors.id),
          eq(crawlJobs.workspaceId, workspaceId),
          eq(crawlJobs.kind, 'crawl'),
          // One report's scope is that assessment alone: no later crawl belongs to it.
          filters.assessmentId ? sql`false` : undefined,
          filters.from && gte(endedAt, filters.from),
          filters.until && lt(endedAt, filters.until),
        ),
      )
      .orderBy(desc(crawlJobs.createdAt), desc(crawlJobs.id))
      .limit(1)
      .as('last_crawl');
    const conditions: SQL[] = [eq(vendors.workspaceId, workspaceId)];
    if (filters.vendorId) conditions.push(eq(vendors.id, filters.vendorId));
    if (filters.assessmentId)
      conditions.push(
        sql`${vendors.id} = (select ${a.vendorId} from ${a} where ${a.id} = ${filters.assessmentId} and ${a.workspaceId} = ${workspaceId})`,
      );
    const [rows, tallies] = await Promise.all([
      this.db
        .select({
          vendorId: vendors.id,
          vendorName: vendors.name,
          vendorUrl: vendors.url,
          latest: {
            reportId: latest.reportId,
            rate: latest.rate,
            label: latest.label,
            method: latest.method,
            jobId: latest.jobId,
            assessedAt: latest.assessedAt,
            failuresCritical: latest.failuresCritical,
            failuresHigh: latest.failuresHigh,
            failuresMedium: latest.failuresMedium,
            failuresLow: latest.failuresLow,
            rendering: latest.rendering,
          },
          lastCrawl: {
            jobId: lastCrawl.crawlJobId,
            status: lastCrawl.crawlStatus,
            method: lastCrawl.crawlMethod,
            error: lastCrawl.crawlError,
            at: lastCrawl.crawlAt,
          },
        })
        .from(vendors)
        .leftJoinLateral(latest, sql`true`)
        .leftJoinLateral(lastCrawl, sql`true`)
        .where(and(...conditions))
        .orderBy(asc(vendors.name), asc(vendors.id)),
      this.db
        .select({
          vendorId: a.vendorId,
          assessments: count(),
          pagesChecked: sql<number>`coalesce(sum(${a.pagesChecked}), 0)`.mapWith(Number),
        })
        .from(a)
        .where(and(this.scope(workspaceId, filters), isNotNull(a.vendorId)))
        .groupBy(a.vendorId),
    ]);
    const byVendor = new Map(tallies.map((row) => [row.vendorId, row]));
    return rows.map(({ latest, lastCrawl, ...vendor }) => ({
      ...vendor,
      latest: latest?.reportId ? latest : null,
      lastCrawl: lastCrawl?.jobId ? lastCrawl : null,
      assessments: byVendor.get(vendor.vendorId)?.assessments ?? 0,
      pagesChecked: byVendor.get(vendor.vendorId)?.pagesChecked ?? 0,
    }));
  }

  /**
   * The checks failing in most vendors' latest assessment of the period, most severe first, then by
   * how many vendors fail them: what the portfolio should fix first.
   */
  async portfolioFindings(workspaceId: WorkspaceId, filters: ReportFilters, limit: number): Promise<PortfolioFindingRow[]> {
    const latest = this.db
      .selectDistinctOn([a.vendorId], { id: a.id })
      .from(a)
      .where(and(this.scope(workspaceId, filters), isNotNull(a.vendorId)))
      .orderBy(a.vendorId, desc(a.assessedAt), desc(a.id))
      .as('latest');
    const vendorCount = sql<number>`count(*)`.mapWith(Number);
    return this.db
      .select({
        checkId: r.checkId,
        title: sql<string>`max(${r.title})`,
        severity: r.severity,
        howToFix: sql<string>`max(${r.howToFix})`,
        vendors: vendorCount,
      })
      .from(latest)
      .innerJoin(r, and(eq(r.assessmentId, latest.id), eq(r.outcome, 'fail')))
      .groupBy(r.checkId, r.severity)
      .orderBy(severityRank, desc(vendorCount), asc(r.checkId))
      .limit(limit);
  }

  /** The comparisons of the period's crawls with their vendor's previous crawl, by vendor name then time; at most `limit`. */
  async changesInPeriod(workspaceId: WorkspaceId, filters: ReportFilters, limit: number): Promise<PeriodChangeRow[]> {
    const c = crawlChanges;
    const conditions: SQL[] = [eq(c.workspaceId, workspaceId), isNotNull(c.previousJobId)];
    if (filters.vendorId) conditions.push(eq(c.vendorId, filters.vendorId));
    if (filters.assessmentId)
      conditions.push(
        sql`${c.jobId} = (select ${a.jobId} from ${a} where ${a.id} = ${filters.assessmentId} and ${a.workspaceId} = ${workspaceId})`,
      );
    if (filters.from) conditions.push(gte(crawlJobs.completedAt, filters.from));
    if (filters.until) conditions.push(lt(crawlJobs.completedAt, filters.until));
    const rows = await this.db
      .select({
        vendorId: vendors.id,
        vendorName: vendors.name,
        jobId: c.jobId,
        completedAt: crawlJobs.completedAt,
        methodBefore: c.methodBefore,
        methodAfter: c.methodAfter,
        added: c.added,
        removed: c.removed,
        changed: c.changed,
        policyPagesChanged: c.policyPagesChanged,
        findingsNew: c.findingsNew,
        findingsResolved: c.findingsResolved,
        findingsNotComparable: c.findingsNotComparable,
        rateBefore: c.rateBefore,
        rateAfter: c.rateAfter,
        labelBefore: c.labelBefore,
        labelAfter: c.labelAfter,
      })
      .from(c)
      .innerJoin(crawlJobs, eq(crawlJobs.id, c.jobId))
      .innerJoin(vendors, eq(vendors.id, c.vendorId))
      .where(and(...conditions))
      .orderBy(asc(vendors.name), asc(vendors.id), asc(crawlJobs.completedAt))
      .limit(limit);
    return rows.map((row) => ({ ...row, completedAt: row.completedAt ?? new Date(0) }));
  }

  /** One assessment's outcomes (only `outcomes` when given) in catalogue order, each with its first `evidenceLimit` pieces. */
  assessmentOutcomes(
    workspaceId: WorkspaceId,
    assessmentId: string,
    options: { outcomes?: CheckOutcome[]; evidenceLimit: number },
  ): Promise<SectionOutcomeRow[]> {
    return this.db
      .select({ ...OUTCOME_COLUMNS, howToFix: r.howToFix, evidence: evidenceSlice(options.evidenceLimit) })
      .from(r)
      .innerJoin(a, eq(a.id, r.assessmentId))
      .where(
        and(
          eq(r.assessmentId, assessmentId),
          eq(a.workspaceId, workspaceId),
          options.outcomes && inArray(r.outcome, options.outcomes),
        ),
      )
      .orderBy(asc(r.position));
  }

  /** The latest `perVendor` rates of each vendor in the period, oldest first within a vendor. */
  async trend(workspaceId: WorkspaceId, filters: ReportFilters, perVendor: number): Promise<TrendPointRow[]> {
    const ranked = this.db
      .select({
        vendorId: a.vendorId,
        assessedAt: a.assessedAt,
        crawledAt: sql<Date>`coalesce(${a.crawlCompletedAt}, ${a.assessedAt})`.mapWith(a.assessedAt).as('crawled_at'),
        rate: a.rate,
        rank: sql<number>`row_number() over (partition by ${a.vendorId} order by ${a.assessedAt} desc, ${a.id} desc)`.as('rank'),
      })
      .from(a)
      .where(and(this.scope(workspaceId, filters), isNotNull(a.vendorId)))
      .as('ranked');
    const rows = await this.db
      .select({ vendorId: ranked.vendorId, assessedAt: ranked.assessedAt, crawledAt: ranked.crawledAt, rate: ranked.rate })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${perVendor}`)
      .orderBy(ranked.vendorId, asc(ranked.assessedAt));
    return rows.map((row) => ({
      vendorId: row.vendorId!,
      assessedAt: row.assessedAt,
      crawledAt: row.crawledAt,
      rate: Number(row.rate),
    }));
  }

  /** The period's assessments, newest first, `batchSize` at a time (keyset pagination). */
  async *assessmentBatches(
    workspaceId: WorkspaceId,
    filters: ReportFilters,
    batchSize: number,
  ): AsyncGenerator<ComplianceAssessmentWithVendor[]> {
    let after: Cursor | undefined;
    for (;;) {
      const rows = await this.db
        .select({ assessment: a, vendorName: vendors.name, cursor: sql<string>`${a.assessedAt}::text` })
        .from(a)
        .leftJoin(vendors, eq(vendors.id, a.vendorId))
        .where(
          and(
            this.scope(workspaceId, filters),
            after && sql`(${a.assessedAt}, ${a.id}) < (${after.assessedAt}::timestamptz, ${after.id}::uuid)`,
          ),
        )
        .orderBy(desc(a.assessedAt), desc(a.id))
        .limit(batchSize);
      if (rows.length > 0) yield rows.map((row) => ({ ...row.assessment, vendorName: row.vendorName }));
      if (rows.length < batchSize) return;
      const last = rows.at(-1)!;
      after = { assessedAt: last.cursor, id: last.assessment.id };
    }
  }

  /**
   * The period's check outcomes, assessment by assessment (newest first) in catalogue order,
   * `batchSize` at a time: the keyset is (assessed_at, assessment id) descending, then position.
   */
  async *outcomeBatches(
    workspaceId: WorkspaceId,
    filters: ReportFilters,
    options: OutcomeBatchOptions,
  ): AsyncGenerator<OutcomeRow[]> {
    const evidence = evidenceSlice(options.evidenceLimit);
    let after: (Cursor & { position: number }) | undefined;
    for (;;) {
      const rows = await this.db
        .select({
          assessmentId: a.id,
          assessedAt: a.assessedAt,
          cursor: sql<string>`${a.assessedAt}::text`,
          vendorId: a.vendorId,
          vendorName: vendors.name,
          targetUrl: a.targetUrl,
          method: a.method,
          rate: a.rate,
          label: a.label,
          position: r.position,
          ...OUTCOME_COLUMNS,
          evidence,
        })
        .from(a)
        .innerJoin(r, eq(r.assessmentId, a.id))
        .leftJoin(vendors, eq(vendors.id, a.vendorId))
        .where(
          and(
            this.scope(workspaceId, filters),
            options.outcomes && inArray(r.outcome, options.outcomes),
            after &&
              sql`((${a.assessedAt}, ${a.id}) < (${after.assessedAt}::timestamptz, ${after.id}::uuid)
                or (${a.assessedAt} = ${after.assessedAt}::timestamptz and ${a.id} = ${after.id}::uuid and ${r.position} > ${after.position}))`,
          ),
        )
        .orderBy(desc(a.assessedAt), desc(a.id), asc(r.position))
        .limit(options.batchSize);
      if (rows.length > 0) yield rows.map(({ cursor: _cursor, ...row }) => row);
      if (rows.length < options.batchSize) return;
      const last = rows.at(-1)!;
      after = { assessedAt: last.cursor, id: last.assessmentId, position: last.position };
    }
  }

  private scope(workspaceId: WorkspaceId, filters: ReportFilters): SQL {
    const conditions: SQL[] = [eq(a.workspaceId, workspaceId)];
    if (filters.assessmentId) conditions.push(eq(a.id, filters.assessmentId));
    if (filters.vendorId) conditions.push(eq(a.vendorId, filters.vendorId));
    if (filters.from) conditions.push(gte(a.assessedAt, filters.from));
    if (filters.until) conditions.push(lt(a.assessedAt, filters.until));
    return and(...conditions)!;
  }
}

/** The first `limit` pieces of a result's evidence, cut in SQL so a batch never carries all of it. */
function evidenceSlice(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`evidenceLimit must be a whole number, not ${limit}`);
  // jsonpath takes no parameters for a range: the bound is written in, as the integer checked above.
  return limit === 0
    ? sql<ComplianceCheckResultRow['evidence']>`'[]'::jsonb`
    : sql<ComplianceCheckResultRow['evidence']>`jsonb_path_query_array(${r.evidence}, ${sql.raw(`'$[0 to ${limit - 1}]'`)})`;
}
