import type { GradeLetter, VendorListQuery } from '@vendorwatch/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import {
  complianceAssessments,
  crawlChanges,
  crawlDomainPosture,
  crawlerSettings,
  crawlInventories,
  crawlJobs,
  crawlPages,
  questionnaireAnswers,
  questionnaireRequests,
  remediationAttachments,
  remediationEvents,
  remediationRechecks,
  remediationReplies,
  remediationRequestChecks,
  remediationRequests,
  riskAcceptances,
  scheduleRuns,
  vendorDocuments,
  vendorLinkReminders,
  vendorLinks,
  vendorReviews,
  vendors,
  vendorSchedules,
} from '../schema';
import type { WorkspaceId } from '../workspace-id';
import { vendorListFilters, vendorListOrder, vendorListSubqueries, type StandingOverride } from './vendor-list.query';

export type VendorRow = typeof vendors.$inferSelect;
/** Domains and DKIM selectors default to none: the registrable domain of the URL, DKIM not applicable. */
export type NewVendor = Pick<VendorRow, 'name' | 'url' | 'description'> & Partial<Pick<VendorRow, 'domains' | 'dkimSelectors'>>;
/** The programme's columns (issue 40), changed by the vendor's PUT and its intake. */
export type VendorProgrammeColumns = Pick<VendorRow, 'tier' | 'tierReason' | 'ownerUserId' | 'contacts' | 'intake'>;
type CrawlJobRow = typeof crawlJobs.$inferSelect;
/** A vendor's latest crawl, as its list row shows it. */
export type VendorLastCrawlRow = Pick<
  CrawlJobRow,
  'id' | 'status' | 'method' | 'progress' | 'pagesDone' | 'pagesPlanned' | 'error' | 'createdAt' | 'completedAt'
>;
/** A vendor with its latest compliance assessment and its latest crawl, each if it has one. */
export type VendorWithComplianceRow = VendorRow & {
  compliance: {
    reportId: string;
    rate: number;
    label: (typeof complianceAssessments.$inferSelect)['label'];
    assessedAt: Date;
    /** The overall grade of the assessed crawl's inventory; null when nothing could be judged (or no inventory). */
    grade: GradeLetter | null;
    vulnerableLibraries: number | null;
  } | null;
  lastCrawl: VendorLastCrawlRow | null;
};

/** Any constant: the first key of the per-workspace advisory lock around adding a vendor. */
const WORKSPACE_VENDORS_LOCK_SPACE = 72_110_946;
/** Rows per INSERT of an import: 500 vendors × 7 columns stay far under PostgreSQL's 65 535 parameters. */
const IMPORT_CHUNK_ROWS = 500;

/**
 * Every query takes the workspace's id: a vendor of another workspace is simply not found. `user_id`
 * records who added the vendor.
 */
export class VendorsRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of the vendors list, searched, filtered and sorted, with each vendor's latest assessment
   * (grade, rate, label, vulnerable libraries) and latest crawl, and the number of vendors matching in
   * all: one query (two lateral reads per vendor and a window count), however many vendors the page holds.
   */
  async listPage(
    workspaceId: WorkspaceId,
    query: VendorListQuery,
    /** Only these vendors (those a filter computed outside SQL kept, such as the review status); all when undefined. */
    onlyIds?: readonly string[],
    /** Latest assessments an active risk acceptance re-grades: filtered and sorted by that standing. */
    overrides: readonly StandingOverride[] = [],
  ): Promise<{ rows: VendorWithComplianceRow[]; total: number }> {
    if (onlyIds?.length === 0) return { rows: [], total: 0 };
    const subqueries = vendorListSubqueries(this.db, overrides);
    const where = and(
      eq(vendors.workspaceId, workspaceId),
      onlyIds ? inArray(vendors.id, [...onlyIds]) : undefined,
      vendorListFilters(query, subqueries),
    );
    const offset = (query.page - 1) * query.limit;
    const rows = await this.selectListRows(subqueries)
      .where(where)
      .orderBy(...vendorListOrder(query, subqueries))
      .limit(query.limit)
      .offset(offset);
    // A page past the end has no row to carry the count: only then is it counted on its own.
    const total = rows[0]?.total ?? (offset > 0 ? await this.countMatching(where, subqueries) : 0);
    return { total, rows: rows.map(toListRow) };
  }

  /** One vendor of the workspace as its list row (latest assessment and crawl), or undefined. */
  async findListRow(workspaceId: WorkspaceId, id: string): Promise<VendorWithComplianceRow | undefined> {
    const [row] = await this.selectListRows(vendorListSubqueries(this.db)).where(
      and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)),
    );
    return row && toListRow(row);
  }

  private selectListRows({ latest, lastCrawl }: ReturnType<typeof vendorListSubqueries>) {
    return this.db
      .select({
        vendor: vendors,
        latest: {
          reportId: latest.reportId,
          rate: latest.rate,
          label: latest.label,
          assessedAt: latest.assessedAt,
          grade: latest.grade,
          vulnerableLibraries: latest.vulnerableLibraries,
        },
        lastCrawl: {
          id: lastCrawl.id,
          status: lastCrawl.status,
          method: lastCrawl.method,
          progress: lastCrawl.progress,
          pagesDone: lastCrawl.pagesDone,
          pagesPlanned: lastCrawl.pagesPlanned,
          error: lastCrawl.error,
          createdAt: lastCrawl.createdAt,
          completedAt: lastCrawl.completedAt,
        },
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(vendors)
      .leftJoinLateral(latest, sql`true`)
      .leftJoinLateral(lastCrawl, sql`true`)
      .$dynamic();
  }

  private async countMatching(
    where: SQL | undefined,
    { latest, lastCrawl }: ReturnType<typeof vendorListSubqueries>,
  ): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(vendors)
      .leftJoinLateral(latest, sql`true`)
      .leftJoinLateral(lastCrawl, sql`true`)
      .where(where);
    return row?.total ?? 0;
  }

  /** A vendor of the workspace, or undefined (missing or another workspace's). */
  async findInWorkspace(workspaceId: WorkspaceId, id: string): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)));
    return row;
  }

  /**
   * Adds `vendor` to the workspace, recorded as added by `userId` — unless the workspace already
   * keeps `cap` vendors: then 'full' and nothing is stored. A lock per workspace makes two requests
   * adding at the same moment (by one member or several) count each other.
   */
  async createWithinCap(workspaceId: WorkspaceId, userId: string, vendor: NewVendor, cap: number): Promise<VendorRow | 'full'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WORKSPACE_VENDORS_LOCK_SPACE}, hashtext(${workspaceId}::text))`);
      const [{ kept } = { kept: 0 }] = await tx
        .select({ kept: sql<number>`count(*)::int` })
        .from(vendors)
        .where(eq(vendors.workspaceId, workspaceId));
      if (kept >= cap) return 'full';
      const [row] = await tx
        .insert(vendors)
        .values({ ...vendor, userId, workspaceId })
        .returning();
      return row!;
    });
  }

  /**
   * Adds the rows of an import file to the workspace, all or none: rows whose URL (as `urlKey` spells
   * it) a vendor of the workspace already has are left out and named, and when the rest would take the
   * workspace past `cap` nothing is added. The same lock as `createWithinCap`, so concurrent adds count.
   */
  async importWithinCap(
    workspaceId: WorkspaceId,
    userId: string,
    rows: readonly (NewVendor & { row: number })[],
    cap: number,
    urlKey: (url: string) => string,
  ): Promise<{ created: number; duplicateRows: number[] } | { full: true; kept: number; adding: number }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${WORKSPACE_VENDORS_LOCK_SPACE}, hashtext(${workspaceId}::text))`);
      const kept = await tx.select({ url: vendors.url }).from(vendors).where(eq(vendors.workspaceId, workspaceId));
      const keptUrls = new Set(kept.filter(({ url }) => url !== '').map(({ url }) => urlKey(url)));
      const duplicateRows = rows.filter(({ url }) => url !== '' && keptUrls.has(urlKey(url))).map(({ row }) => row);
      const adding = rows.filter(({ row }) => !duplicateRows.includes(row));
      if (kept.length + adding.length > cap) return { full: true, kept: kept.length, adding: adding.length };
      for (let start = 0; start < adding.length; start += IMPORT_CHUNK_ROWS) {
        await tx
          .insert(vendors)
          .values(
            adding
              .slice(start, start + IMPORT_CHUNK_ROWS)
              .map(({ row: _row, ...vendor }) => ({ ...vendor, userId, workspaceId })),
          );
      }
      return { created: adding.length, duplicateRows };
    });
  }

  /**
   * Moves vendors of `from` to `to` with everything kept of them: crawls (their pages, posture,
   * changes, assessments, inventories), crawler settings, schedules and their runs. All or nothing: a
   * vendor not in `from`, one with a crawl queued or running (its worker writes in the workspace it
   * started in), or a destination that would exceed `cap` moves none. Both workspaces are locked (in
   * id order) against concurrent adds.
   */
  async moveToWorkspace(
    from: WorkspaceId,
    to: WorkspaceId,
    vendorIds: readonly string[],
    cap: number,
  ): Promise<
    | { moved: Pick<VendorRow, 'id' | 'name'>[] }
    | { problem: 'not_found' }
    | { problem: 'crawling'; name: string }
    | { problem: 'full'; kept: number }
  > {
    return this.db.transaction(async (tx) => {
      for (const workspace of [from, to].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(${WORKSPACE_VENDORS_LOCK_SPACE}, hashtext(${workspace}::text))`);
      }
      const moving = await tx
        .select({ id: vendors.id, name: vendors.name })
        .from(vendors)
        .where(and(eq(vendors.workspaceId, from), inArray(vendors.id, [...vendorIds])))
        .orderBy(vendors.name);
      if (moving.length !== vendorIds.length) return { problem: 'not_found' as const };
      const [busy] = await tx
        .select({ name: vendors.name })
        .from(crawlJobs)
        .innerJoin(vendors, eq(vendors.id, crawlJobs.vendorId))
        .where(and(inArray(crawlJobs.vendorId, [...vendorIds]), inArray(crawlJobs.status, ['queued', 'running'])))
        .limit(1);
      if (busy) return { problem: 'crawling' as const, name: busy.name };
      const [{ kept } = { kept: 0 }] = await tx
        .select({ kept: sql<number>`count(*)::int` })
        .from(vendors)
        .where(eq(vendors.workspaceId, to));
      if (kept + moving.length > cap) return { problem: 'full' as const, kept };

      const ids = [...vendorIds];
      const jobs = tx.select({ id: crawlJobs.id }).from(crawlJobs).where(inArray(crawlJobs.vendorId, ids));
      await tx.update(crawlDomainPosture).set({ workspaceId: to }).where(inArray(crawlDomainPosture.jobId, jobs));
      for (const table of [
        crawlJobs,
        crawlPages,
        crawlChanges,
        complianceAssessments,
        crawlInventories,
        crawlerSettings,
        vendorSchedules,
        scheduleRuns,
        vendorReviews,
        remediationRequests,
        questionnaireRequests,
        vendorDocuments,
        riskAcceptances,
        vendorLinks,
      ]) {
        await tx
          .update(table)
          .set({ workspaceId: to })
          .where(and(eq(table.workspaceId, from), inArray(table.vendorId, ids)));
      }
      // The programme's requests keep their parts (checks, replies, files, events, rechecks, answers)
      // and their links' reminders beside them: every part reads its workspace from its own row.
      const remediation = tx
        .select({ id: remediationRequests.id })
        .from(remediationRequests)
        .where(inArray(remediationRequests.vendorId, ids));
      for (const table of [
        remediationRequestChecks,
        remediationReplies,
        remediationAttachments,
        remediationEvents,
        remediationRechecks,
      ]) {
        await tx.update(table).set({ workspaceId: to }).where(inArray(table.requestId, remediation));
      }
      const questionnaires = tx
        .select({ id: questionnaireRequests.id })
        .from(questionnaireRequests)
        .where(inArray(questionnaireRequests.vendorId, ids));
      await tx
        .update(questionnaireAnswers)
        .set({ workspaceId: to })
        .where(inArray(questionnaireAnswers.requestId, questionnaires));
      const links = tx.select({ subjectId: vendorLinks.subjectId }).from(vendorLinks).where(inArray(vendorLinks.vendorId, ids));
      await tx.update(vendorLinkReminders).set({ workspaceId: to }).where(inArray(vendorLinkReminders.subjectId, links));
      await tx
        .update(vendors)
        .set({ workspaceId: to, updatedAt: new Date() })
        .where(and(eq(vendors.workspaceId, from), inArray(vendors.id, ids)));
      return { moved: moving };
    });
  }

  async update(
    workspaceId: WorkspaceId,
    id: string,
    changes: Partial<NewVendor & VendorProgrammeColumns>,
  ): Promise<VendorRow | undefined> {
    const [row] = await this.db
      .update(vendors)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)))
      .returning();
    return row;
  }

  /** The deleted vendor's id and name, or undefined when the workspace has no such vendor. */
  async delete(workspaceId: WorkspaceId, id: string): Promise<Pick<VendorRow, 'id' | 'name'> | undefined> {
    const [row] = await this.db
      .delete(vendors)
      .where(and(eq(vendors.id, id), eq(vendors.workspaceId, workspaceId)))
      .returning({ id: vendors.id, name: vendors.name });
    return row;
  }
}

/** A row of `selectListRows`, before it reads as a `VendorWithComplianceRow`. */
type ListRowParts = {
  vendor: VendorRow;
  latest: {
    reportId: string;
    rate: number;
    label: (typeof complianceAssessments.$inferSelect)['label'];
    assessedAt: Date;
    grade: string | null;
    vulnerableLibraries: number | null;
  } | null;
  lastCrawl: VendorLastCrawlRow | null;
};

const toListRow = ({ vendor, latest, lastCrawl }: ListRowParts): VendorWithComplianceRow => ({
  ...vendor,
  compliance: latest
    ? {
        reportId: latest.reportId,
        rate: Number(latest.rate),
        label: latest.label,
        assessedAt: latest.assessedAt,
        grade: (latest.grade as GradeLetter | null) ?? null,
        vulnerableLibraries: latest.vulnerableLibraries,
      }
    : null,
  lastCrawl,
});
