import { Injectable } from '@nestjs/common';
import { countReviewStatuses, reviewStatusOf, type ReviewStatus, type VendorReviewState } from '@vendorwatch/contracts';
import { VendorReviewsRepository, type VendorReviewInputsRow, type WorkspaceId } from '@vendorwatch/db';
import { ProgrammeTiersService } from '../tiers/programme-tiers.service';

/**
 * Vendors' review statuses, computed when read by `reviewStatusOf` from one query per call (each
 * vendor's tier, newest review and latest assessment): for the vendor page, a page of the list, the
 * list's filter (every vendor of the workspace: at most VENDORS_PER_USER) and the programme overview.
 */
@Injectable()
export class VendorReviewStatusService {
  constructor(
    private readonly reviews: VendorReviewsRepository,
    private readonly tiers: ProgrammeTiersService,
  ) {}

  /** Each vendor's state, by vendor id: the workspace's, or only those of `vendorIds`. */
  async statesFor(
    workspaceId: WorkspaceId,
    vendorIds?: readonly string[],
    now = new Date(),
  ): Promise<Map<string, VendorReviewState>> {
    const [inputs, tiers] = await Promise.all([
      this.reviews.reviewInputs(workspaceId, vendorIds),
      this.tiers.forWorkspace(workspaceId),
    ]);
    const interval = new Map(tiers.map((tier) => [tier.tier, tier.reviewIntervalDays]));
    return new Map(inputs.map((row) => [row.vendorId, stateOf(row, interval, now)]));
  }

  async stateOf(workspaceId: WorkspaceId, vendorId: string, now = new Date()): Promise<VendorReviewState | undefined> {
    return (await this.statesFor(workspaceId, [vendorId], now)).get(vendorId);
  }

  /** The workspace's vendors whose status is `status`. */
  async vendorIdsWithStatus(workspaceId: WorkspaceId, status: ReviewStatus, now = new Date()): Promise<string[]> {
    const states = await this.statesFor(workspaceId, undefined, now);
    return [...states].filter(([, state]) => state.status === status).map(([vendorId]) => vendorId);
  }

  /** How many of the workspace's vendors are in each status (for the programme overview). */
  async countsForWorkspace(workspaceId: WorkspaceId, now = new Date()): Promise<Record<ReviewStatus, number>> {
    return countReviewStatuses([...(await this.statesFor(workspaceId, undefined, now)).values()]);
  }
}

const stateOf = (row: VendorReviewInputsRow, interval: ReadonlyMap<number, number | null>, now: Date): VendorReviewState =>
  reviewStatusOf(
    {
      reviewIntervalDays: row.tier === null ? null : (interval.get(row.tier) ?? null),
      lastReview: row.lastReviewedAt
        ? { reviewedAt: new Date(row.lastReviewedAt).toISOString(), grade: row.lastReviewGrade }
        : null,
      currentGrade: row.currentGrade,
      certificates: row.certificates,
    },
    now,
  );
