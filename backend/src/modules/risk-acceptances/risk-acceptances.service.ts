import { Injectable } from '@nestjs/common';
import { isAcceptableOutcome } from '@vendorwatch/compliance';
import {
  acceptanceExpiryInstant,
  fill,
  latestAcceptanceExpiry,
  MESSAGES,
  RISK_ACCEPTANCE_LIMITS,
  riskAcceptanceMessages,
  riskAcceptanceState,
  roleAtLeast,
  type Paginated,
  type RiskAcceptance,
  type RiskAcceptanceCounts,
  type RiskAcceptanceDecision,
  type RiskAcceptanceInput,
  type RiskAcceptanceListQuery,
  type VendorRiskAcceptances,
} from '@vendorwatch/contracts';
import { RiskAcceptancesRepository, VendorsRepository, type RiskAcceptanceListRow, type WorkspaceId } from '@vendorwatch/db';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../common/errors';
import type { WorkspaceContext } from '../access/workspace-context';
import { noteForAudit } from '../audit-log/audit-notes';
import { AcceptanceLimit } from './acceptance-limit';

const M = MESSAGES.riskAcceptances;

/**
 * Accepted risks: an editor asks, an admin or owner other than the requester decides, and an admin, an
 * owner or the requester may revoke while it is pending or active. States past `expiresAt` are computed
 * when read; what an active acceptance does to a report is `applyAcceptances` (packages/compliance).
 */
@Injectable()
export class RiskAcceptancesService {
  constructor(
    private readonly acceptances: RiskAcceptancesRepository,
    private readonly vendors: VendorsRepository,
    private readonly limit: AcceptanceLimit,
  ) {}

  async request(
    workspace: WorkspaceContext,
    vendorId: string,
    input: RiskAcceptanceInput,
    now = new Date(),
  ): Promise<RiskAcceptance> {
    const vendor = await this.vendors.findInWorkspace(workspace.workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    const maxDays = await this.limit.maxDays(workspace.workspaceId, vendor.tier);
    const expiresAt = acceptanceExpiryInstant(input.expiresAt);
    const latest = latestAcceptanceExpiry(maxDays, now);
    if (expiresAt > latest)
      throw new BadRequestError(riskAcceptanceMessages.beyondTierLimit(maxDays, latest.toISOString().slice(0, 10)));
    const assessed = await this.acceptances.latestCheck(workspace.workspaceId, vendor.id, input.checkId);
    if (!assessed) throw new BadRequestError(M.vendorNotAssessed);
    if (!assessed.check || !isAcceptableOutcome(assessed.check.outcome)) throw new BadRequestError(M.checkNotFailing);
    const row = await this.acceptances.createUnlessOpen(
      {
        workspaceId: workspace.workspaceId,
        vendorId: vendor.id,
        checkId: input.checkId,
        checkTitle: assessed.check.title,
        assessmentId: assessed.assessmentId,
        justification: input.justification,
        expiresAt,
        requestedByUserId: workspace.userId,
      },
      now,
    );
    if (row === 'open') throw new ConflictError(M.alreadyOpen);
    noteForAudit({ name: `${vendor.name}: ${assessed.check.title}`, vendorId: vendor.id });
    return this.get(workspace.workspaceId, row.id, now);
  }

  async get(workspaceId: WorkspaceId, id: string, now = new Date()): Promise<RiskAcceptance> {
    const row = await this.acceptances.find(workspaceId, id);
    if (!row) throw new NotFoundError(M.notFound);
    return toRiskAcceptance(row, now);
  }

  async list(workspaceId: WorkspaceId, query: RiskAcceptanceListQuery, now = new Date()): Promise<Paginated<RiskAcceptance>> {
    const { page, limit, ...filter } = query;
    const { rows, total } = await this.acceptances.list(workspaceId, filter, { offset: (page - 1) * limit, limit }, now);
    return { items: rows.map((row) => toRiskAcceptance(row, now)), total, page, limit };
  }

  /** Every acceptance of the vendor, newest first, and the longest its tier allows. */
  async listForVendor(workspaceId: WorkspaceId, vendorId: string, now = new Date()): Promise<VendorRiskAcceptances> {
    const vendor = await this.vendors.findInWorkspace(workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    const maxAcceptanceDays = await this.limit.maxDays(workspaceId, vendor.tier);
    // A vendor has few acceptances; the list's largest page holds them.
    const { rows } = await this.acceptances.list(workspaceId, { vendorId }, { offset: 0, limit: 1000 }, now);
    return { items: rows.map((row) => toRiskAcceptance(row, now)), maxAcceptanceDays };
  }

  /** For the programme overview: pending, active, and active ending within 30 days. */
  async counts(workspaceId: WorkspaceId, now = new Date()): Promise<RiskAcceptanceCounts> {
    const { pending, active, expiringSoon } = await this.acceptances.counts(
      workspaceId,
      now,
      RISK_ACCEPTANCE_LIMITS.expiringWithinDays,
    );
    return { pending, active, expiringWithin30Days: expiringSoon };
  }

  approve(workspace: WorkspaceContext, id: string, decision: RiskAcceptanceDecision, now = new Date()) {
    return this.decide(workspace, id, 'approved', decision, now);
  }

  reject(workspace: WorkspaceContext, id: string, decision: RiskAcceptanceDecision, now = new Date()) {
    return this.decide(workspace, id, 'rejected', decision, now);
  }

  async revoke(
    workspace: WorkspaceContext,
    id: string,
    { note }: RiskAcceptanceDecision,
    now = new Date(),
  ): Promise<RiskAcceptance> {
    const current = await this.acceptances.find(workspace.workspaceId, id);
    if (!current) throw new NotFoundError(M.notFound);
    const isRequester = current.requestedByUserId !== null && current.requestedByUserId === workspace.userId;
    if (!roleAtLeast(workspace.role, 'admin') && !isRequester) throw new ForbiddenError(M.revokeRole);
    const state = riskAcceptanceState(current.status, current.expiresAt, now);
    const revoked = await this.acceptances.revoke(
      workspace.workspaceId,
      id,
      { byUserId: workspace.userId, note: note || null },
      now,
    );
    if (!revoked) throw new ConflictError(fill(M.notRevocable, { state }));
    noteForAudit({ name: `${current.vendorName}: ${current.checkTitle}`, vendorId: current.vendorId, was: state });
    return this.get(workspace.workspaceId, id, now);
  }

  private async decide(
    workspace: WorkspaceContext,
    id: string,
    status: 'approved' | 'rejected',
    { note }: RiskAcceptanceDecision,
    now: Date,
  ): Promise<RiskAcceptance> {
    const current = await this.acceptances.find(workspace.workspaceId, id);
    if (!current) throw new NotFoundError(M.notFound);
    // The four-eyes rule: whoever asked (in person or through their API key) never decides.
    if (current.requestedByUserId !== null && current.requestedByUserId === workspace.userId)
      throw new ForbiddenError(M.selfApproval);
    const decided = await this.acceptances.decide(
      workspace.workspaceId,
      id,
      { status, byUserId: workspace.userId, note: note || null },
      now,
    );
    if (!decided)
      throw new ConflictError(fill(M.notPending, { state: riskAcceptanceState(current.status, current.expiresAt, now) }));
    noteForAudit({ name: `${current.vendorName}: ${current.checkTitle}`, vendorId: current.vendorId });
    return this.get(workspace.workspaceId, id, now);
  }
}

export const toRiskAcceptance = (row: RiskAcceptanceListRow, now: Date): RiskAcceptance => ({
  id: row.id,
  vendorId: row.vendorId,
  vendorName: row.vendorName,
  checkId: row.checkId,
  checkTitle: row.checkTitle,
  assessmentId: row.assessmentId,
  justification: row.justification,
  expiresAt: row.expiresAt.toISOString(),
  state: riskAcceptanceState(row.status, row.expiresAt, now),
  requestedByUserId: row.requestedByUserId,
  requestedByEmail: row.requestedByEmail,
  requestedAt: row.requestedAt.toISOString(),
  decidedByUserId: row.decidedByUserId,
  decidedByEmail: row.decidedByEmail,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decisionNote: row.decisionNote,
  revokedByUserId: row.revokedByUserId,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokeNote: row.revokeNote,
});
