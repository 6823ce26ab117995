import { Inject, Injectable } from '@nestjs/common';
import { OPEN_REMEDIATION_STATES, type Grades } from '@vendorwatch/contracts';
import {
  complianceAssessments,
  crawlInventories,
  remediationRequestChecks,
  remediationRequests,
  riskAcceptances,
  users,
  type Database,
  type WorkspaceId,
} from '@vendorwatch/db';
import { DATABASE } from '@vendorwatch/runtime';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';

/** A profile lists at most this many open requests and active acceptances (the newest, the soonest to expire). */
export const RISK_PROFILE_LIST_LIMIT = 50;

export interface ProfileRequestRow {
  id: string;
  createdAt: Date;
  dueAt: Date;
  state: string;
  contactEmail: string;
  checks: { checkId: string; title: string; status: string }[];
}

export interface ProfileAcceptanceRow {
  checkId: string;
  checkTitle: string;
  justification: string;
  expiresAt: Date;
  approverEmail: string | null;
}

/** What a vendor's risk profile reads beyond the vendor and its reviews; every query names the workspace. */
@Injectable()
export class RiskProfileRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async userEmail(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email ?? null;
  }

  /** The grades of the vendor's latest assessment (the grade its list row shows); undefined before one. */
  async latestGrades(
    workspaceId: WorkspaceId,
    vendorId: string,
  ): Promise<{ id: string; assessedAt: Date; grades: Grades | null } | undefined> {
    const [row] = await this.db
      .select({ id: complianceAssessments.id, assessedAt: complianceAssessments.assessedAt, grades: crawlInventories.grades })
      .from(complianceAssessments)
      .leftJoin(crawlInventories, eq(crawlInventories.jobId, complianceAssessments.jobId))
      .where(and(eq(complianceAssessments.workspaceId, workspaceId), eq(complianceAssessments.vendorId, vendorId)))
      .orderBy(desc(complianceAssessments.assessedAt), desc(complianceAssessments.id))
      .limit(1);
    return row;
  }

  /** The vendor's open requests, newest first, each with its checks in their order. */
  async openRequests(workspaceId: WorkspaceId, vendorId: string): Promise<ProfileRequestRow[]> {
    const requests = await this.db
      .select({
        id: remediationRequests.id,
        createdAt: remediationRequests.createdAt,
        dueAt: remediationRequests.dueAt,
        state: remediationRequests.state,
        contactEmail: remediationRequests.contactEmail,
      })
      .from(remediationRequests)
      .where(
        and(
          eq(remediationRequests.workspaceId, workspaceId),
          eq(remediationRequests.vendorId, vendorId),
          inArray(remediationRequests.state, [...OPEN_REMEDIATION_STATES]),
        ),
      )
      .orderBy(desc(remediationRequests.createdAt), desc(remediationRequests.id))
      .limit(RISK_PROFILE_LIST_LIMIT);
    if (requests.length === 0) return [];
    const checks = await this.db
      .select({
        requestId: remediationRequestChecks.requestId,
        checkId: remediationRequestChecks.checkId,
        title: remediationRequestChecks.title,
        status: remediationRequestChecks.status,
      })
      .from(remediationRequestChecks)
      .where(
        and(
          eq(remediationRequestChecks.workspaceId, workspaceId),
          inArray(
            remediationRequestChecks.requestId,
            requests.map((request) => request.id),
          ),
        ),
      )
      .orderBy(asc(remediationRequestChecks.requestId), asc(remediationRequestChecks.position));
    return requests.map((request) => ({
      ...request,
      checks: checks
        .filter((check) => check.requestId === request.id)
        .map(({ checkId, title, status }) => ({ checkId, title, status })),
    }));
  }

  /** The vendor's approved, unexpired acceptances, soonest expiry first, with who approved each. */
  activeAcceptances(workspaceId: WorkspaceId, vendorId: string, now: Date): Promise<ProfileAcceptanceRow[]> {
    return this.db
      .select({
        checkId: riskAcceptances.checkId,
        checkTitle: riskAcceptances.checkTitle,
        justification: riskAcceptances.justification,
        expiresAt: riskAcceptances.expiresAt,
        approverEmail: users.email,
      })
      .from(riskAcceptances)
      .leftJoin(users, eq(users.id, riskAcceptances.decidedByUserId))
      .where(
        and(
          eq(riskAcceptances.workspaceId, workspaceId),
          eq(riskAcceptances.vendorId, vendorId),
          eq(riskAcceptances.status, 'approved'),
          gt(riskAcceptances.expiresAt, now),
        ),
      )
      .orderBy(asc(riskAcceptances.expiresAt), asc(riskAcceptances.id))
      .limit(RISK_PROFILE_LIST_LIMIT);
  }
}
