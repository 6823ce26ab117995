import { Inject, Injectable } from '@nestjs/common';
import { OPEN_REMEDIATION_STATES } from '@vendorwatch/contracts';
import {
  remediationRequests,
  riskAcceptances,
  vendorListSubqueries,
  vendors,
  type Database,
  type WorkspaceId,
} from '@vendorwatch/db';
import { DATABASE } from '@vendorwatch/runtime';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';

/** How many vendors of one tier (or none) have one overall grade (or none). */
export interface TierGradeCountRow {
  tier: number | null;
  grade: string | null;
  vendors: number;
}

/** Open remediation requests of a workspace: all of them, those past due, those a vendor has answered. */
export interface RemediationCountsRow {
  open: number;
  overdue: number;
  responded: number;
}

/** A vendor with an active acceptance: its tier, the grade stored with its latest assessment, and that assessment. */
export interface AcceptedVendorRow {
  vendorId: string;
  tier: number | null;
  grade: string | null;
  assessmentId: string;
}

/** One vendor's tier and how many open requests and active acceptances it has. */
export interface VendorProgrammeRow {
  vendorId: string;
  tier: number | null;
  openRequests: number;
  activeAcceptances: number;
}

/**
 * The programme overview's counts, each one aggregate query whose answer has a bounded number of
 * rows (at most 5 tiers × 6 grades) however many vendors, requests or acceptances the workspace has.
 */
@Injectable()
export class ProgrammeOverviewRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Vendors per (tier, overall grade): the grade the vendors list shows (its latest assessment's
   * inventory, read by the list's own lateral subquery).
   */
  async tierGradeCounts(workspaceId: WorkspaceId): Promise<TierGradeCountRow[]> {
    const { latest } = vendorListSubqueries(this.db);
    return this.db
      .select({ tier: vendors.tier, grade: latest.grade, vendors: sql<number>`count(*)::int` })
      .from(vendors)
      .leftJoinLateral(latest, sql`true`)
      .where(eq(vendors.workspaceId, workspaceId))
      .groupBy(vendors.tier, latest.grade);
  }

  async remediationCounts(workspaceId: WorkspaceId, now: Date): Promise<RemediationCountsRow> {
    const [row] = await this.db
      .select({
        open: sql<number>`count(*)::int`,
        overdue: sql<number>`(count(*) filter (where ${remediationRequests.dueAt} < ${now}))::int`,
        responded: sql<number>`(count(*) filter (where ${remediationRequests.state} = 'responded'))::int`,
      })
      .from(remediationRequests)
      .where(
        and(eq(remediationRequests.workspaceId, workspaceId), inArray(remediationRequests.state, [...OPEN_REMEDIATION_STATES])),
      );
    return row ?? { open: 0, overdue: 0, responded: 0 };
  }

  /**
   * The workspace's vendors with an active risk acceptance (approved, unexpired at `now`): their tier,
   * stored grade and latest assessment, so the overview can re-grade them as the vendors list does.
   * As many rows as such vendors (few: an acceptance is an exception).
   */
  async vendorsWithActiveAcceptance(workspaceId: WorkspaceId, now: Date): Promise<AcceptedVendorRow[]> {
    const { latest } = vendorListSubqueries(this.db);
    const rows = await this.db
      .select({ vendorId: vendors.id, tier: vendors.tier, grade: latest.grade, assessmentId: latest.reportId })
      .from(vendors)
      .leftJoinLateral(latest, sql`true`)
      .where(
        and(
          eq(vendors.workspaceId, workspaceId),
          sql`exists (select 1 from ${riskAcceptances} where ${riskAcceptances.workspaceId} = ${vendors.workspaceId}
            and ${riskAcceptances.vendorId} = ${vendors.id} and ${riskAcceptances.status} = 'approved'
            and ${riskAcceptances.expiresAt} > ${now})`,
        ),
      );
    return rows.flatMap((row) => (row.assessmentId ? [{ ...row, assessmentId: row.assessmentId }] : []));
  }

  /**
   * Per listed vendor of the workspace: its tier, open requests and active acceptances — three queries
   * (the vendors, and the requests and acceptances counted per vendor on their indexes).
   */
  async vendorProgrammeRows(workspaceId: WorkspaceId, vendorIds: readonly string[], now: Date): Promise<VendorProgrammeRow[]> {
    const ids = [...vendorIds];
    const [tiers, requests, acceptances] = await Promise.all([
      this.db
        .select({ vendorId: vendors.id, tier: vendors.tier })
        .from(vendors)
        .where(and(eq(vendors.workspaceId, workspaceId), inArray(vendors.id, ids))),
      this.db
        .select({ vendorId: remediationRequests.vendorId, count: sql<number>`count(*)::int` })
        .from(remediationRequests)
        .where(
          and(
            eq(remediationRequests.workspaceId, workspaceId),
            inArray(remediationRequests.vendorId, ids),
            inArray(remediationRequests.state, [...OPEN_REMEDIATION_STATES]),
          ),
        )
        .groupBy(remediationRequests.vendorId),
      this.db
        .select({ vendorId: riskAcceptances.vendorId, count: sql<number>`count(*)::int` })
        .from(riskAcceptances)
        .where(
          and(
            eq(riskAcceptances.workspaceId, workspaceId),
            inArray(riskAcceptances.vendorId, ids),
            eq(riskAcceptances.status, 'approved'),
            gt(riskAcceptances.expiresAt, now),
          ),
        )
        .groupBy(riskAcceptances.vendorId),
    ]);
    const open = new Map(requests.map((row) => [row.vendorId, row.count]));
    const active = new Map(acceptances.map((row) => [row.vendorId, row.count]));
    return tiers.map(({ vendorId, tier }) => ({
      vendorId,
      tier,
      openRequests: open.get(vendorId) ?? 0,
      activeAcceptances: active.get(vendorId) ?? 0,
    }));
  }
}
