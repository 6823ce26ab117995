import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CheckOutcome } from '@vendorwatch/contracts';
import type { Database } from '../database';
import { complianceAssessments as a, complianceCheckResults as r, vendors } from '../schema';
import type { ComplianceAssessmentWithVendor, ComplianceCheckResultRow } from './compliance-assessments.repository';

/** A period of assessment times, `from` included and `until` excluded, and a vendor. */
export interface ReportFilters {
  from?: Date;
  until?: Date;
  vendorId?: string;
}

/** A vendor's latest assessment in the period, with how many it had there. */
export interface VendorLatestRow {
  vendorId: string;
  vendorName: string;
  reportId: string;
  rate: number;
  label: ComplianceAssessmentWithVendor['label'];
  assessedAt: Date;
  failuresCritical: number;
  failuresHigh: number;
  failuresMedium: number;
  failuresLow: number;
  assessments: number;
  pagesChecked: number;
}

export interface TrendPointRow {
  vendorId: string;
  assessedAt: Date;
  rate: number;
}

/** One check outcome with the assessment it belongs to, as the exports write them. */
export type OutcomeRow = Pick<
  ComplianceCheckResultRow,
  'position' | 'checkId' | 'group' | 'severity' | 'outcome' | 'title' | 'summary' | 'evidence' | 'evidenceTotal'
> & {
  assessmentId: string;
  assessedAt: Date;
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
 * stream. Every query is scoped by the owner and walks an index on (user, [vendor,] assessed_at).
 */
export class ReportsRepository {
  constructor(private readonly db: Database) {}

  async listOwned(
    userId: string,
    filters: ReportFilters,
    page: number,
    limit: number,
  ): Promise<{ rows: ComplianceAssessmentWithVendor[]; total: number }> {
    const where = this.scope(userId, filters);
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

  /** Each vendor's latest assessment in the period (vendors that still exist), by vendor name. */
  async latestByVendor(userId: string, filters: ReportFilters): Promise<VendorLatestRow[]> {
    const where = and(this.scope(userId, filters), isNotNull(a.vendorId));
    const [latest, tallies] = await Promise.all([
      this.db
        .selectDistinctOn([a.vendorId], {
          vendorId: vendors.id,
          vendorName: vendors.name,
          reportId: a.id,
          rate: a.rate,
          label: a.label,
          assessedAt: a.assessedAt,
          failuresCritical: a.failuresCritical,
          failuresHigh: a.failuresHigh,
          failuresMedium: a.failuresMedium,
          failuresLow: a.failuresLow,
        })
        .from(a)
        .innerJoin(vendors, eq(vendors.id, a.vendorId))
        .where(where)
        .orderBy(a.vendorId, desc(a.assessedAt), desc(a.id)),
      this.db
        .select({
          vendorId: a.vendorId,
          assessments: count(),
          pagesChecked: sql<number>`coalesce(sum(${a.pagesChecked}), 0)`.mapWith(Number),
        })
        .from(a)
        .where(where)
        .groupBy(a.vendorId),
    ]);
    const byVendor = new Map(tallies.map((row) => [row.vendorId, row]));
    return latest
      .map((row) => ({
        ...row,
        assessments: byVendor.get(row.vendorId)?.assessments ?? 0,
        pagesChecked: byVendor.get(row.vendorId)?.pagesChecked ?? 0,
      }))
      .sort((x, y) => x.vendorName.localeCompare(y.vendorName) || x.vendorId.localeCompare(y.vendorId));
  }

  /** The latest `perVendor` rates of each vendor in the period, oldest first within a vendor. */
  async trend(userId: string, filters: ReportFilters, perVendor: number): Promise<TrendPointRow[]> {
    const ranked = this.db
      .select({
        vendorId: a.vendorId,
        assessedAt: a.assessedAt,
        rate: a.rate,
        rank: sql<number>`row_number() over (partition by ${a.vendorId} order by ${a.assessedAt} desc, ${a.id} desc)`.as('rank'),
      })
      .from(a)
      .where(and(this.scope(userId, filters), isNotNull(a.vendorId)))
      .as('ranked');
    const rows = await this.db
      .select({ vendorId: ranked.vendorId, assessedAt: ranked.assessedAt, rate: ranked.rate })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${perVendor}`)
      .orderBy(ranked.vendorId, asc(ranked.assessedAt));
    return rows.map((row) => ({ vendorId: row.vendorId!, assessedAt: row.assessedAt, rate: Number(row.rate) }));
  }

  /** The period's assessments, newest first, `batchSize` at a time (keyset pagination). */
  async *assessmentBatches(
    userId: string,
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
            this.scope(userId, filters),
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
  async *outcomeBatches(userId: string, filters: ReportFilters, options: OutcomeBatchOptions): AsyncGenerator<OutcomeRow[]> {
    const evidenceLimit = options.evidenceLimit;
    if (!Number.isSafeInteger(evidenceLimit) || evidenceLimit < 0)
      throw new Error(`evidenceLimit must be a whole number, not ${evidenceLimit}`);
    // jsonpath takes no parameters for a range: the bound is written in, as the integer checked above.
    const evidence =
      evidenceLimit === 0
        ? sql<ComplianceCheckResultRow['evidence']>`'[]'::jsonb`
        : sql<
            ComplianceCheckResultRow['evidence']
          >`jsonb_path_query_array(${r.evidence}, ${sql.raw(`'$[0 to ${evidenceLimit - 1}]'`)})`;
    let after: (Cursor & { position: number }) | undefined;
    for (;;) {
      const rows = await this.db
        .select({
          assessmentId: a.id,
          assessedAt: a.assessedAt,
          cursor: sql<string>`${a.assessedAt}::text`,
          vendorName: vendors.name,
          targetUrl: a.targetUrl,
          method: a.method,
          rate: a.rate,
          label: a.label,
          position: r.position,
          checkId: r.checkId,
          group: r.group,
          severity: r.severity,
          outcome: r.outcome,
          title: r.title,
          summary: r.summary,
          evidence,
          evidenceTotal: r.evidenceTotal,
        })
        .from(a)
        .innerJoin(r, eq(r.assessmentId, a.id))
        .leftJoin(vendors, eq(vendors.id, a.vendorId))
        .where(
          and(
            this.scope(userId, filters),
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

  private scope(userId: string, filters: ReportFilters): SQL {
    const conditions: SQL[] = [eq(a.userId, userId)];
    if (filters.vendorId) conditions.push(eq(a.vendorId, filters.vendorId));
    if (filters.from) conditions.push(gte(a.assessedAt, filters.from));
    if (filters.until) conditions.push(lt(a.assessedAt, filters.until));
    return and(...conditions)!;
  }
}
