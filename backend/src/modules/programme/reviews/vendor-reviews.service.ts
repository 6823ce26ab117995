import { Injectable } from '@nestjs/common';
import {
  GRADE_LETTERS,
  MESSAGES,
  type GradeLetter,
  type RecordReview,
  type VendorReview,
  type VendorReviewList,
} from '@vendorwatch/contracts';
import { VendorReviewsRepository, VendorsRepository, type VendorReviewRow, type WorkspaceId } from '@vendorwatch/db';
import { BadRequestError, NotFoundError } from '../../../common/errors';
import { ProgrammeTiersService } from '../tiers/programme-tiers.service';

const DAY_MS = 86_400_000;
/** A time a few minutes ahead of the server's clock is the client's clock, not a review in the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

const asGrade = (letter: string | null): GradeLetter | null =>
  letter !== null && (GRADE_LETTERS as readonly string[]).includes(letter) ? (letter as GradeLetter) : null;

export const toVendorReview = (row: VendorReviewRow): VendorReview => ({
  id: row.id,
  decision: row.decision,
  notes: row.notes,
  reviewedAt: row.reviewedAt.toISOString(),
  reviewerUserId: row.reviewerUserId,
  reviewerEmail: row.reviewerEmail,
  grade: asGrade(row.grade),
  assessmentId: row.assessmentId,
  nextReviewAt: row.nextReviewAt?.toISOString() ?? null,
});

/** A review is dated today or earlier (a review made before the product was adopted), never later. */
function assertNotInFuture(reviewedAt: Date, now: Date): void {
  const laterDay = Math.floor(reviewedAt.getTime() / DAY_MS) > Math.floor(now.getTime() / DAY_MS);
  if (laterDay || reviewedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
    throw new BadRequestError(MESSAGES.programme.reviewDateInFuture);
}

/**
 * Recording a review keeps who made it, the vendor's overall grade and latest assessment at that
 * moment (what a later grade drop is measured against) and the next review date its tier sets.
 */
@Injectable()
export class VendorReviewsService {
  constructor(
    private readonly reviews: VendorReviewsRepository,
    private readonly vendors: VendorsRepository,
    private readonly tiers: ProgrammeTiersService,
  ) {}

  async record(
    workspaceId: WorkspaceId,
    reviewerUserId: string,
    vendorId: string,
    input: RecordReview,
    now = new Date(),
  ): Promise<VendorReview> {
    const vendor = await this.vendors.findListRow(workspaceId, vendorId);
    if (!vendor) throw new NotFoundError(MESSAGES.vendors.notFound);
    const reviewedAt = input.reviewedAt ? new Date(input.reviewedAt) : now;
    assertNotInFuture(reviewedAt, now);
    const interval = (await this.tiers.tierOf(workspaceId, vendor.tier))?.reviewIntervalDays ?? null;
    const row = await this.reviews.insert(workspaceId, {
      vendorId,
      decision: input.decision,
      notes: input.notes,
      reviewedAt,
      reviewerUserId,
      grade: vendor.compliance?.grade ?? null,
      assessmentId: vendor.compliance?.reportId ?? null,
      nextReviewAt: interval === null ? null : new Date(reviewedAt.getTime() + interval * DAY_MS),
    });
    return toVendorReview(row);
  }

  async list(workspaceId: WorkspaceId, vendorId: string): Promise<VendorReviewList> {
    if (!(await this.vendors.findInWorkspace(workspaceId, vendorId))) throw new NotFoundError(MESSAGES.vendors.notFound);
    return { items: (await this.reviews.listForVendor(workspaceId, vendorId)).map(toVendorReview) };
  }
}
