import type { RiskAcceptanceStateFilter, RiskAcceptanceStatus } from '@vendorwatch/contracts';
import { aliasedTable, and, count, desc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, complianceCheckResults, riskAcceptances, users, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type RiskAcceptanceRow = typeof riskAcceptances.$inferSelect;
export type NewRiskAcceptance = Pick<
  RiskAcceptanceRow,
  'workspaceId' | 'vendorId' | 'checkId' | 'checkTitle' | 'assessmentId' | 'justification' | 'expiresAt' | 'requestedByUserId'
>;
/** An acceptance as lists show it: with its vendor's name and the emails of who asked and who decided. */
export type RiskAcceptanceListRow = RiskAcceptanceRow & {
  vendorName: string;
  requestedByEmail: string | null;
  decidedByEmail: string | null;
};

/** A check of a vendor's latest assessment, as a request to accept it reads it. */
export interface LatestCheck {
  assessmentId: string;
  /** Undefined when the latest assessment has no such check. */
  check?: { outcome: string; title: string };
}

const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');
const t = riskAcceptances;

/** Approved and not expired at `now`: the acceptances that change outcomes. */
const activeAt = (now: Date) => and(eq(t.status, 'approved'), gt(t.expiresAt, now))!;

/** The rows a `?state=` names at `now`; expiry is read from `expires_at`, never stored. */
export function stateCondition(state: RiskAcceptanceStateFilter, now: Date): SQL {
  switch (state) {
    case 'approved':
    case 'active':
      return activeAt(now);
    case 'expired':
      return and(eq(t.status, 'approved'), lte(t.expiresAt, now))!;
    default:
      return eq(t.status, state);
  }
}

/** Risk acceptances of a workspace; every read and change is scoped to it. */
export class RiskAcceptancesRepository {
  constructor(private readonly db: Database) {}

  /**
   * The vendor's latest assessment and, in it, the check `checkId`; undefined when the vendor has none
   * (or is not the workspace's).
   */
  async latestCheck(workspaceId: WorkspaceId, vendorId: string, checkId: string): Promise<LatestCheck | undefined> {
    const [latest] = await this.db
      .select({ id: complianceAssessments.id })
      .from(complianceAssessments)
      .where(and(eq(complianceAssessments.workspaceId, workspaceId), eq(complianceAssessments.vendorId, vendorId)))
      .orderBy(desc(complianceAssessments.assessedAt), desc(complianceAssessments.id))
      .limit(1);
    if (!latest) return undefined;
    const [check] = await this.db
      .select({ outcome: complianceCheckResults.outcome, title: complianceCheckResults.title })
      .from(complianceCheckResults)
      .where(and(eq(complianceCheckResults.assessmentId, latest.id), eq(complianceCheckResults.checkId, checkId)))
      .limit(1);
    return { assessmentId: latest.id, check };
  }

  /**
   * A new pending acceptance, unless the vendor's check already has an open one (pending, or approved
   * and unexpired at `now`): 'open'. The vendor's row is locked while looking, so two requests at
   * once cannot both pass.
   */
  async createUnlessOpen(acceptance: NewRiskAcceptance, now: Date): Promise<RiskAcceptanceRow | 'open'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${vendors} where ${vendors.id} = ${acceptance.vendorId} for update`);
      const [open] = await tx
        .select({ id: t.id })
        .from(t)
        .where(
          and(eq(t.vendorId, acceptance.vendorId), eq(t.checkId, acceptance.checkId), or(eq(t.status, 'pending'), activeAt(now))),
        )
        .limit(1);
      if (open) return 'open';
      const [row] = await tx.insert(t).values(acceptance).returning();
      return row!;
    });
  }

  async find(workspaceId: WorkspaceId, id: string): Promise<RiskAcceptanceListRow | undefined> {
    const [row] = await this.listQuery(and(eq(t.workspaceId, workspaceId), eq(t.id, id))!).limit(1);
    return row && flatten(row);
  }

  /** One page of the workspace's acceptances matching the filter, newest request first. */
  async list(
    workspaceId: WorkspaceId,
    filter: { state?: RiskAcceptanceStateFilter; vendorId?: string },
    page: { offset: number; limit: number },
    now: Date,
  ): Promise<{ rows: RiskAcceptanceListRow[]; total: number }> {
    const where = and(
      eq(t.workspaceId, workspaceId),
      filter.state ? stateCondition(filter.state, now) : undefined,
      filter.vendorId ? eq(t.vendorId, filter.vendorId) : undefined,
    )!;
    const [rows, [{ total } = { total: 0 }]] = await Promise.all([
      this.listQuery(where).offset(page.offset).limit(page.limit),
      this.db.select({ total: count() }).from(t).where(where),
    ]);
    return { rows: rows.map(flatten), total };
  }

  /** The workspace's acceptances active at `now`, of every vendor. */
  activeInWorkspace(workspaceId: WorkspaceId, now: Date): Promise<RiskAcceptanceRow[]> {
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.workspaceId, workspaceId), activeAt(now)));
  }

  /** Approved, unexpired acceptances of these vendors at `now`: what `applyAcceptances` reads. */
  activeForVendors(workspaceId: WorkspaceId, vendorIds: readonly string[], now: Date): Promise<RiskAcceptanceRow[]> {
    if (vendorIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.workspaceId, workspaceId), inArray(t.vendorId, [...vendorIds]), activeAt(now)));
  }

  /** Pending requests, active acceptances and those of them ending within `soonDays` days, at `now`. */
  async counts(workspaceId: WorkspaceId, now: Date, soonDays: number) {
    const soon = new Date(now.getTime() + soonDays * 24 * 3600 * 1000);
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${t.status} = 'pending')`.mapWith(Number),
        active: sql<number>`count(*) filter (where ${activeAt(now)})`.mapWith(Number),
        expiringSoon: sql<number>`count(*) filter (where ${activeAt(now)} and ${t.expiresAt} <= ${soon})`.mapWith(Number),
      })
      .from(t)
      .where(eq(t.workspaceId, workspaceId));
    return { pending: row?.pending ?? 0, active: row?.active ?? 0, expiringSoon: row?.expiringSoon ?? 0 };
  }

  /** Approves or rejects a pending acceptance; undefined when it is no longer pending. */
  async decide(
    workspaceId: WorkspaceId,
    id: string,
    decision: { status: Extract<RiskAcceptanceStatus, 'approved' | 'rejected'>; byUserId: string; note: string | null },
    now: Date,
  ): Promise<RiskAcceptanceRow | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ status: decision.status, decidedByUserId: decision.byUserId, decidedAt: now, decisionNote: decision.note })
      .where(and(eq(t.workspaceId, workspaceId), eq(t.id, id), eq(t.status, 'pending')))
      .returning();
    return row;
  }

  /** Revokes a pending or active acceptance; undefined when it is neither any more. */
  async revoke(
    workspaceId: WorkspaceId,
    id: string,
    revocation: { byUserId: string; note: string | null },
    now: Date,
  ): Promise<RiskAcceptanceRow | undefined> {
    const [row] = await this.db
      .update(t)
      .set({ status: 'revoked', revokedByUserId: revocation.byUserId, revokedAt: now, revokeNote: revocation.note })
      .where(and(eq(t.workspaceId, workspaceId), eq(t.id, id), or(eq(t.status, 'pending'), activeAt(now))))
      .returning();
    return row;
  }

  private listQuery(where: SQL) {
    return this.db
      .select({
        acceptance: t,
        vendorName: vendors.name,
        requestedByEmail: requester.email,
        decidedByEmail: decider.email,
      })
      .from(t)
      .innerJoin(vendors, eq(vendors.id, t.vendorId))
      .leftJoin(requester, eq(requester.id, t.requestedByUserId))
      .leftJoin(decider, eq(decider.id, t.decidedByUserId))
      .where(where)
      .orderBy(desc(t.requestedAt), desc(t.id))
      .$dynamic();
  }
}

const flatten = ({
  acceptance,
  ...names
}: {
  acceptance: RiskAcceptanceRow;
  vendorName: string;
  requestedByEmail: string | null;
  decidedByEmail: string | null;
}): RiskAcceptanceListRow => ({ ...acceptance, ...names });
