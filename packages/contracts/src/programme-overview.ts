/**
 * Where people look (issue 40, item 6): the programme overview — vendors by tier and overall grade, and
 * what is due (reviews, remediation requests, accepted risks) — each count a link to its filtered list.
 */
import { z } from 'zod';

const count = z.number().int();

/** Vendors per overall letter (as the vendors list shows it); `ungraded`: not assessed yet, or nothing judged. */
export const gradeCountsSchema = z.object({ A: count, B: count, C: count, D: count, F: count, ungraded: count });
export type GradeCounts = z.output<typeof gradeCountsSchema>;
export type GradeCountKey = keyof GradeCounts;
export const GRADE_COUNT_KEYS = ['A', 'B', 'C', 'D', 'F', 'ungraded'] as const satisfies readonly GradeCountKey[];

/** `GET /api/programme/overview` */
export const programmeOverviewSchema = z
  .object({
    /** The four tiers in order, each with its name as the workspace set it. */
    tiers: z.array(
      z.object({ tier: z.number().int().min(1).max(4), name: z.string(), vendors: count, grades: gradeCountsSchema }),
    ),
    /** Vendors without a tier. */
    untiered: z.object({ vendors: count, grades: gradeCountsSchema }),
    /** Vendors per review status, computed when read. */
    reviews: z.object({ not_reviewed: count, up_to_date: count, due_soon: count, overdue: count, due_now: count }),
    remediation: z.object({
      /** Requests sent, viewed or responded (neither closed nor cancelled). */
      open: count,
      /** Open requests past their due date. */
      overdue: count,
      /** Open requests with a vendor reply an analyst has yet to accept or reject. */
      awaitingReview: count,
    }),
    acceptances: z.object({
      /** Awaiting an admin's approval. */
      pending: count,
      /** Approved and not expired. */
      active: count,
      /** Active ones whose expiry falls within the next 30 days. */
      expiringWithin30Days: count,
    }),
    questionnaires: z.object({
      /** Sent or in progress, not yet submitted. */
      open: count,
      /** Open ones past their due date. */
      overdue: count,
      /** Submitted by the vendor, awaiting an analyst's review. */
      submitted: count,
    }),
    documents: z.object({
      /** Vendor documents whose validity ends within the next 30 days. */
      expiring: count,
      /** Vendor documents whose validity has ended. */
      expired: count,
    }),
  })
  .meta({ id: 'ProgrammeOverview' });
export type ProgrammeOverview = z.output<typeof programmeOverviewSchema>;

/** Acceptances expiring within this many days count as expiring on the overview. */
export const ACCEPTANCE_EXPIRY_WARNING_DAYS = 30;

/** `GET /api/vendors/:id/profile.pdf`: `risk-profile-<vendor>-<date>.pdf`, safe in every file system. */
export const riskProfileFilename = (vendorName: string, at: Date): string => {
  const slug =
    vendorName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'vendor';
  return `risk-profile-${slug}-${at.toISOString().slice(0, 10)}.pdf`;
};
