import type { ReviewDecision } from '@vendorwatch/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { complianceAssessments, crawlDomainPosture, crawlInventories, users, vendorReviews, vendors } from '../schema';
import type { WorkspaceId } from '../workspace-id';

export type VendorReviewRow = typeof vendorReviews.$inferSelect & { reviewerEmail: string | null };
export type NewVendorReview = Pick<
  typeof vendorReviews.$inferInsert,
  'vendorId' | 'notes' | 'reviewedAt' | 'reviewerUserId' | 'grade' | 'assessmentId' | 'nextReviewAt'
> & { decision: ReviewDecision };

/** What a vendor's review status is computed from (review-status.ts in contracts). */
export interface VendorReviewInputsRow {
  vendorId: string;
  tier: number | null;
  lastReviewedAt: Date | null;
  lastReviewGrade: string | null;
  /** The overall grade of the latest assessment. */
  currentGrade: string | null;
  /** The certificates the latest assessed crawl's posture read. */
  certificates: { host: string; validTo: string }[];
}

/** A vendor's reviews, and the facts its review status is computed from. Every query names the workspace. */
export class VendorReviewsRepository {
  constructor(private readonly db: Database) {}

  async insert(workspaceId: WorkspaceId, review: NewVendorReview): Promise<VendorReviewRow> {
    const [row] = await this.db
      .insert(vendorReviews)
      .values({ ...review, workspaceId })
      .returning();
    const [reviewer] = review.reviewerUserId
      ? await this.db.select({ email: users.email }).from(users).where(eq(users.id, review.reviewerUserId))
      : [];
    return { ...row!, reviewerEmail: reviewer?.email ?? null };
  }

  /** Newest first (by the review's date, then by when it was recorded). */
  listForVendor(workspaceId: WorkspaceId, vendorId: string): Promise<VendorReviewRow[]> {
    return this.db
      .select({
        id: vendorReviews.id,
        workspaceId: vendorReviews.workspaceId,
        vendorId: vendorReviews.vendorId,
        decision: vendorReviews.decision,
        notes: vendorReviews.notes,
        reviewedAt: vendorReviews.reviewedAt,
        reviewerUserId: vendorReviews.reviewerUserId,
        grade: vendorReviews.grade,
        assessmentId: vendorReviews.assessmentId,
        nextReviewAt: vendorReviews.nextReviewAt,
        createdAt: vendorReviews.createdAt,
        reviewerEmail: users.email,
      })
      .from(vendorReviews)
      .leftJoin(users, eq(users.id, vendorReviews.reviewerUserId))
      .where(and(eq(vendorReviews.workspaceId, workspaceId), eq(vendorReviews.vendorId, vendorId)))
      .orderBy(desc(vendorReviews.reviewedAt), desc(vendorReviews.createdAt));
  }

  /**
   * For each vendor of the workspace (or of `vendorIds` among them): its tier, its newest review's date
   * and grade, and its latest assessment's overall grade and certificates — one row per vendor, from the
   * (vendor, reviewed_at) and (workspace, vendor, assessed_at) indexes.
   */
  async reviewInputs(workspaceId: WorkspaceId, vendorIds?: readonly string[]): Promise<VendorReviewInputsRow[]> {
    if (vendorIds?.length === 0) return [];
    const lastReview = this.db
      .select({ reviewedAt: vendorReviews.reviewedAt, grade: vendorReviews.grade })
      .from(vendorReviews)
      .where(and(eq(vendorReviews.vendorId, vendors.id), eq(vendorReviews.workspaceId, vendors.workspaceId)))
      .orderBy(desc(vendorReviews.reviewedAt), desc(vendorReviews.createdAt))
      .limit(1)
      .as('last_review');
    const latest = this.db
      .select({
        grade: sql<string | null>`${crawlInventories.grades} -> 'overall' ->> 'letter'`.as('current_grade'),
        certificates: sql<{ host: string; validTo: string }[] | null>`(
          select jsonb_agg(jsonb_build_object('host', origin ->> 'host', 'validTo', origin -> 'certificate' ->> 'validTo'))
          from jsonb_array_elements(coalesce(${crawlDomainPosture.facts} -> 'origins', '[]'::jsonb)) as origin
          where jsonb_typeof(origin -> 'certificate') = 'object'
        )`.as('certificates'),
      })
      .from(complianceAssessments)
      .leftJoin(crawlInventories, eq(crawlInventories.jobId, complianceAssessments.jobId))
      .leftJoin(crawlDomainPosture, eq(crawlDomainPosture.jobId, complianceAssessments.jobId))
      .where(and(eq(complianceAssessments.workspaceId, vendors.workspaceId), eq(complianceAssessments.vendorId, vendors.id)))
      .orderBy(desc(complianceAssessments.assessedAt), desc(complianceAssessments.id))
      .limit(1)
      .as('latest');
    const rows = await this.db
      .select({
        vendorId: vendors.id,
        tier: vendors.tier,
        lastReviewedAt: lastReview.reviewedAt,
        lastReviewGrade: lastReview.grade,
        currentGrade: latest.grade,
        certificates: latest.certificates,
      })
      .from(vendors)
      .leftJoinLateral(lastReview, sql`true`)
      .leftJoinLateral(latest, sql`true`)
      .where(and(eq(vendors.workspaceId, workspaceId), vendorIds ? inArray(vendors.id, [...vendorIds]) : undefined));
    return rows.map((row) => ({ ...row, certificates: row.certificates ?? [] }));
  }
}
