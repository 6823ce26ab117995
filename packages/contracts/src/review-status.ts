/**
 * A vendor's review status, computed when read (no job keeps it): the one rule behind the vendor page,
 * the vendors list's filter and the programme overview (docs/methodology.md, "Vendor tiers and reviews").
 */
import { GRADE_LETTERS } from './grades';
import { LIMITS } from './limits';
import type { ReviewStatus, VendorReviewState } from './programme';

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `12 Dec 2026`, read in UTC so the server and every browser word a date alike. */
export const formatReviewDate = (iso: string): string => {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
};

export interface ReviewStatusInput {
  /** The vendor's tier's review interval as the workspace sets it now; null: no tier, or no scheduled review. */
  reviewIntervalDays: number | null;
  /** The newest review (by its date) and the overall grade recorded with it; null: never reviewed. */
  lastReview: { reviewedAt: string; grade: string | null } | null;
  /** The overall grade of the vendor's latest assessment; null before one or when nothing could be judged. */
  currentGrade: string | null;
  /** The certificates the latest crawl's posture read (host and end of validity). */
  certificates: readonly { host: string; validTo: string }[];
}

const gradeRank = (letter: string | null): number => (letter === null ? -1 : GRADE_LETTERS.indexOf(letter as never));

/** The certificate ending soonest within the window (or already ended), if any. */
function expiringCertificate(certificates: ReviewStatusInput['certificates'], now: Date) {
  const limit = now.getTime() + LIMITS.programme.certificateReviewDays * DAY_MS;
  return certificates
    .filter((certificate) => !Number.isNaN(Date.parse(certificate.validTo)) && Date.parse(certificate.validTo) <= limit)
    .sort((a, b) => Date.parse(a.validTo) - Date.parse(b.validTo) || a.host.localeCompare(b.host))[0];
}

/**
 * In order: a certificate ending within 14 days opens a review at once (due_now); a vendor never reviewed
 * is not_reviewed; past the next review date it is overdue; a grade fallen a letter or more below the
 * one recorded with the last review opens it early (due_now); within 30 days of the date it is due_soon;
 * else up_to_date. The next review is the last review's date plus the tier's interval as set now.
 */
export function reviewStatusOf(input: ReviewStatusInput, now: Date): VendorReviewState {
  const { lastReview } = input;
  const lastReviewedAt = lastReview ? new Date(lastReview.reviewedAt).toISOString() : null;
  const nextReviewAt =
    lastReview && input.reviewIntervalDays !== null
      ? new Date(Date.parse(lastReview.reviewedAt) + input.reviewIntervalDays * DAY_MS).toISOString()
      : null;
  const state = (status: ReviewStatus, reason: string): VendorReviewState => ({ status, reason, lastReviewedAt, nextReviewAt });

  const certificate = expiringCertificate(input.certificates, now);
  if (certificate) {
    const verb = Date.parse(certificate.validTo) <= now.getTime() ? 'expired' : 'expires';
    return state('due_now', `The certificate of ${certificate.host} ${verb} on ${formatReviewDate(certificate.validTo)}`);
  }
  if (!lastReview) return state('not_reviewed', 'The vendor has not been reviewed yet');
  if (nextReviewAt && Date.parse(nextReviewAt) < now.getTime()) {
    return state('overdue', `The review was due on ${formatReviewDate(nextReviewAt)}`);
  }
  const recorded = gradeRank(lastReview.grade);
  const current = gradeRank(input.currentGrade);
  if (recorded >= 0 && current > recorded) {
    return state('due_now', `The overall grade fell from ${lastReview.grade} to ${input.currentGrade} since the last review`);
  }
  if (nextReviewAt && Date.parse(nextReviewAt) - now.getTime() <= LIMITS.programme.dueSoonDays * DAY_MS) {
    return state('due_soon', `The next review is due on ${formatReviewDate(nextReviewAt)}`);
  }
  return state(
    'up_to_date',
    nextReviewAt
      ? `Reviewed on ${formatReviewDate(lastReview.reviewedAt)}; the next review is due on ${formatReviewDate(nextReviewAt)}`
      : `Reviewed on ${formatReviewDate(lastReview.reviewedAt)}; its tier has no scheduled review`,
  );
}

/** How many vendors are in each status (every status present, zero when none). */
export function countReviewStatuses(states: readonly { status: ReviewStatus }[]): Record<ReviewStatus, number> {
  const counts: Record<ReviewStatus, number> = { not_reviewed: 0, up_to_date: 0, due_soon: 0, overdue: 0, due_now: 0 };
  for (const { status } of states) counts[status]++;
  return counts;
}
