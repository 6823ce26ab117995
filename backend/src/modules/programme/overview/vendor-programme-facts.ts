import { Injectable } from '@nestjs/common';
import { REVIEW_STATUS_LABELS, type ReviewStatus } from '@vendorwatch/contracts';
import type { WorkspaceId } from '@vendorwatch/db';
import { VendorReviewStatusService } from '../review-status/vendor-review-status.service';
import { ProgrammeTiersService } from '../tiers/programme-tiers.service';
import { ProgrammeOverviewRepository } from './programme-overview.repository';

/** What the report exports say of a vendor's programme (issue 40, item 6). */
export interface VendorProgrammeFact {
  /** `1 · Critical`; '' without a tier. */
  tier: string;
  reviewStatus: ReviewStatus;
  /** The status in words (`Overdue`). */
  reviewStatusLabel: string;
  nextReviewAt: Date | null;
  openRequests: number;
  activeAcceptances: number;
}

/**
 * Per vendor of a report: its tier, review status (the one rule, through VendorReviewStatusService),
 * next review, open remediation requests and active accepted risks — three queries whatever the
 * number of vendors.
 */
@Injectable()
export class VendorProgrammeFacts {
  constructor(
    private readonly counts: ProgrammeOverviewRepository,
    private readonly tiers: ProgrammeTiersService,
    private readonly reviewStatuses: VendorReviewStatusService,
  ) {}

  async forVendors(
    workspaceId: WorkspaceId,
    vendorIds: readonly string[],
    now = new Date(),
  ): Promise<Map<string, VendorProgrammeFact>> {
    if (vendorIds.length === 0) return new Map();
    const [tiers, states, rows] = await Promise.all([
      this.tiers.forWorkspace(workspaceId),
      this.reviewStatuses.statesFor(workspaceId, vendorIds, now),
      this.counts.vendorProgrammeRows(workspaceId, vendorIds, now),
    ]);
    const tierNames = new Map(tiers.map((tier) => [tier.tier, `${tier.tier} · ${tier.name}`]));
    const facts = new Map<string, VendorProgrammeFact>();
    for (const row of rows) {
      const state = states.get(row.vendorId);
      const reviewStatus = state?.status ?? 'not_reviewed';
      facts.set(row.vendorId, {
        tier: row.tier === null ? '' : (tierNames.get(row.tier) ?? String(row.tier)),
        reviewStatus,
        reviewStatusLabel: REVIEW_STATUS_LABELS[reviewStatus],
        nextReviewAt: state?.nextReviewAt ? new Date(state.nextReviewAt) : null,
        openRequests: row.openRequests,
        activeAcceptances: row.activeAcceptances,
      });
    }
    return facts;
  }
}
