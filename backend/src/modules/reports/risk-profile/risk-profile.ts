import type { Grade } from '@vendorwatch/contracts';

/**
 * Everything a vendor's risk profile PDF says, read in the vendor's workspace before a byte is written
 * (the file is small: bounded lists of one vendor's records).
 */
export interface RiskProfile {
  generatedAt: Date;
  vendor: { name: string; url: string };
  /** The vendor's tier with its name as the workspace set it; null without one. */
  tier: { tier: number; name: string } | null;
  /** Why the tier differs from the intake's suggestion, as given; '' when it does not. */
  tierReason: string;
  /** The last intake's answers and what it suggested (in words); null before one. */
  intake: { answers: { question: string; answer: string }[]; suggestedTier: number; reasons: string[]; answeredAt: Date } | null;
  /** The owner's email (or a note that the owner left); null: nobody. */
  owner: string | null;
  contacts: { name: string | null; email: string }[];
  /** The latest assessment's grades; null before one. */
  grades: { assessedAt: Date | null; overall: Grade; categories: { title: string; grade: Grade }[] } | null;
  /** The review status in words ("Overdue"), why, and the dates it is computed from. */
  review: { status: string; reason: string; lastReviewedAt: Date | null; nextReviewAt: Date | null };
  /** Newest first. */
  reviews: { reviewedAt: Date; decision: string; reviewer: string | null; grade: string | null; notes: string }[];
  /** Open requests (sent, viewed, responded), newest first. */
  requests: {
    createdAt: Date;
    dueAt: Date;
    state: string;
    overdue: boolean;
    contactEmail: string;
    checks: { checkId: string; title: string; status: string }[];
  }[];
  /** Approved and unexpired, soonest expiry first. */
  acceptances: { checkId: string; title: string; justification: string; expiresAt: Date; approver: string | null }[];
  /** The latest questionnaire not cancelled (state in words), its score and its contradictions; null before one. */
  questionnaire: {
    templateName: string;
    state: string;
    score: number | null;
    dueAt: Date;
    submittedAt: Date | null;
    contradictions: { questionId: string; text: string; checkId: string; evidence: string[] }[];
  } | null;
  /** The vendor's documents, each with its type in words and its validity (valid, expiring, expired). */
  documents: { type: string; name: string; validUntil: string; status: string }[];
}
