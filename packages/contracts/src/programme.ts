/**
 * The vendor programme (issue 40): a workspace's four tiers, a vendor's tier, owner and contacts, the
 * intake that suggests a tier, and the reviews whose status is computed when read (review-status.ts).
 */
import { z } from 'zod';
import { GRADE_LETTERS } from './grades';
import { LIMITS } from './limits';
import { fill, MESSAGES } from './messages';
import { isoDateTime } from './schemas/common';

const P = LIMITS.programme;
const M = MESSAGES.programme;

// Tiers

export const PROGRAMME_TIERS = [1, 2, 3, 4] as const;
export type ProgrammeTierNumber = (typeof PROGRAMME_TIERS)[number];

export const programmeTierSchema = z
  .object({
    tier: z.number().int().min(1).max(4),
    name: z.string(),
    reviewIntervalDays: z.number().int().nullable().meta({ description: 'Days between reviews; null: no scheduled review' }),
    maxAcceptanceDays: z.number().int().meta({ description: 'The longest a risk of a vendor of this tier may be accepted' }),
  })
  .meta({ id: 'ProgrammeTier' });
export type ProgrammeTier = z.output<typeof programmeTierSchema>;

/** What a workspace uses until an admin saves its own. */
export const DEFAULT_PROGRAMME_TIERS: readonly ProgrammeTier[] = [
  { tier: 1, name: 'Critical', reviewIntervalDays: 180, maxAcceptanceDays: 90 },
  { tier: 2, name: 'High', reviewIntervalDays: 365, maxAcceptanceDays: 180 },
  { tier: 3, name: 'Medium', reviewIntervalDays: 730, maxAcceptanceDays: 365 },
  { tier: 4, name: 'Low', reviewIntervalDays: null, maxAcceptanceDays: 365 },
];

/** `GET /api/programme/tiers` */
export const programmeTiersSchema = z.object({ items: z.array(programmeTierSchema) }).meta({ id: 'ProgrammeTiers' });
export type ProgrammeTiers = z.output<typeof programmeTiersSchema>;

const wholeDays = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int({ error: message }).min(range.min, { error: message }).max(range.max, { error: message });

const tierNumber = z.literal(PROGRAMME_TIERS, { error: M.tierInvalid });

const tierSettingSchema = z.object({
  tier: tierNumber,
  name: z
    .string({ error: M.tierNameRequired })
    .trim()
    .min(1, { error: M.tierNameRequired })
    .max(P.tierNameMaxLength, { error: `A tier name must be at most ${P.tierNameMaxLength} characters` }),
  reviewIntervalDays: wholeDays(P.reviewIntervalDays, fill(M.reviewIntervalInvalid, P.reviewIntervalDays)).nullable(),
  maxAcceptanceDays: wholeDays(P.maxAcceptanceDays, fill(M.maxAcceptanceInvalid, P.maxAcceptanceDays)),
});

/** `PUT /api/programme/tiers`: all four tiers, each once (in any order; answered in tier order). */
export const updateProgrammeTiersSchema = z.object({
  items: z
    .array(tierSettingSchema, { error: M.tiersExactlyFour })
    .length(PROGRAMME_TIERS.length, { error: M.tiersExactlyFour })
    .refine((items) => new Set(items.map((item) => item.tier)).size === PROGRAMME_TIERS.length, { error: M.tiersExactlyFour })
    .transform((items) => [...items].sort((a, b) => a.tier - b.tier)),
});
export type UpdateProgrammeTiers = z.output<typeof updateProgrammeTiersSchema>;

// A vendor's programme fields

export const vendorContactSchema = z.object({
  name: z.string().nullable().meta({ description: 'May be null' }),
  email: z.string(),
});
export type VendorContact = z.output<typeof vendorContactSchema>;

const contactInputSchema = z.object({
  name: z
    .string({ error: fill(M.contactNameTooLong, { max: P.contactNameMaxLength }) })
    .trim()
    .max(P.contactNameMaxLength, { error: fill(M.contactNameTooLong, { max: P.contactNameMaxLength }) })
    .nullish()
    .transform((name) => name || null),
  email: z
    .string({ error: M.contactEmailInvalid })
    .trim()
    .toLowerCase()
    .max(LIMITS.auth.emailMaxLength, { error: M.contactEmailInvalid })
    .pipe(z.email({ error: M.contactEmailInvalid })),
});

/** The fields `PUT /api/vendors/:id` takes besides the vendor's own (merged into updateVendorSchema). */
export const vendorProgrammeUpdateFields = {
  tier: tierNumber.nullable(),
  tierReason: z
    .string({ error: fill(M.tierReasonTooLong, { max: P.tierReasonMaxLength }) })
    .trim()
    .max(P.tierReasonMaxLength, { error: fill(M.tierReasonTooLong, { max: P.tierReasonMaxLength }) }),
  ownerUserId: z.uuid({ error: M.ownerNotMember }).nullable(),
  contacts: z
    .array(contactInputSchema, { error: M.contactEmailInvalid })
    .max(P.maxContacts, { error: fill(M.tooManyContacts, { max: P.maxContacts }) }),
};

/** The programme fields alone, each optional (for forms that edit them apart from the vendor's own). */
export const vendorProgrammeUpdateSchema = z.object(vendorProgrammeUpdateFields).partial();

// Intake

export const INTAKE_DATA_ACCESS = ['none', 'business', 'personal', 'sensitive'] as const;
export const INTAKE_CRITICALITY = ['low', 'medium', 'high'] as const;
export const INTAKE_SYSTEM_ACCESS = ['none', 'read', 'write'] as const;

/** `POST /api/vendors/:id/intake` */
export const vendorIntakeAnswersSchema = z.object({
  dataAccess: z.enum(INTAKE_DATA_ACCESS, { error: M.intakeDataAccess }),
  criticality: z.enum(INTAKE_CRITICALITY, { error: M.intakeCriticality }),
  systemAccess: z.enum(INTAKE_SYSTEM_ACCESS, { error: M.intakeSystemAccess }),
});
export type VendorIntakeAnswers = z.output<typeof vendorIntakeAnswersSchema>;

export const intakeSuggestionSchema = z
  .object({
    suggestedTier: z.number().int().min(1).max(4),
    reasons: z.array(z.string()).meta({ description: 'Why, in plain words' }),
  })
  .meta({ id: 'IntakeSuggestion' });
export type IntakeSuggestion = z.output<typeof intakeSuggestionSchema>;

/** The intake as stored on the vendor: the answers, the suggestion and when. */
export const vendorIntakeSchema = vendorIntakeAnswersSchema
  .extend(intakeSuggestionSchema.shape)
  .extend({ answeredAt: isoDateTime });
export type VendorIntake = z.output<typeof vendorIntakeSchema>;

// Reviews

export const REVIEW_DECISIONS = ['approved', 'approved_with_conditions', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A review's date: `2026-03-31` (taken as that day at 00:00 UTC) or an ISO date and time; never later
 * than now (checked by the service against its clock).
 */
const reviewedAt = z
  .string({ error: M.reviewDateInvalid })
  .trim()
  .max(40, { error: M.reviewDateInvalid })
  .transform((value, ctx) => {
    const parsed = ISO_DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
    if (Number.isNaN(parsed) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
      ctx.issues.push({ code: 'custom', message: M.reviewDateInvalid, input: value });
      return z.NEVER;
    }
    return new Date(parsed).toISOString();
  });

/** `POST /api/vendors/:id/reviews` */
export const recordReviewSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS, { error: M.reviewDecisionInvalid }),
  notes: z
    .string({ error: fill(M.reviewNotesTooLong, { max: P.reviewNotesMaxLength }) })
    .trim()
    .max(P.reviewNotesMaxLength, { error: fill(M.reviewNotesTooLong, { max: P.reviewNotesMaxLength }) })
    .optional()
    .default(''),
  reviewedAt: reviewedAt.optional(),
});
export type RecordReviewInput = z.input<typeof recordReviewSchema>;
export type RecordReview = z.output<typeof recordReviewSchema>;

export const vendorReviewSchema = z
  .object({
    id: z.uuid(),
    decision: z.enum(REVIEW_DECISIONS),
    notes: z.string(),
    reviewedAt: isoDateTime,
    reviewerUserId: z.uuid().nullable(),
    reviewerEmail: z.string().nullable(),
    grade: z.enum(GRADE_LETTERS).nullable().meta({ description: "The vendor's overall grade when reviewed" }),
    assessmentId: z.uuid().nullable().meta({ description: "The vendor's latest assessment when reviewed" }),
    nextReviewAt: isoDateTime.nullable().meta({ description: 'The next review date the tier set; null without one' }),
  })
  .meta({ id: 'VendorReview' });
export type VendorReview = z.output<typeof vendorReviewSchema>;

/** `GET /api/vendors/:id/reviews`, newest first. */
export const vendorReviewListSchema = z.object({ items: z.array(vendorReviewSchema) }).meta({ id: 'VendorReviews' });
export type VendorReviewList = z.output<typeof vendorReviewListSchema>;

// Review status

export const REVIEW_STATUSES = ['not_reviewed', 'up_to_date', 'due_soon', 'overdue', 'due_now'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  not_reviewed: 'Not reviewed',
  up_to_date: 'Up to date',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  due_now: 'Due now',
};

export const vendorReviewStateSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES),
    reason: z.string().meta({ description: 'Why, in plain words' }),
    lastReviewedAt: isoDateTime.nullable(),
    nextReviewAt: isoDateTime.nullable(),
  })
  .meta({ id: 'VendorReviewState' });
export type VendorReviewState = z.output<typeof vendorReviewStateSchema>;

/** A vendor's programme fields, on every vendor the API answers with. */
export const vendorProgrammeFields = {
  tier: z.number().int().min(1).max(4).nullable(),
  tierReason: z.string().meta({ description: 'Why the tier differs from the intake suggestion (may be empty)' }),
  ownerUserId: z.uuid().nullable(),
  contacts: z.array(vendorContactSchema),
  intake: vendorIntakeSchema.nullable().meta({ description: 'The last intake answers and suggestion; null before one' }),
};

/** `GET /api/vendors?tier=`: a tier, or `none` for vendors without one. */
export const VENDOR_TIER_FILTERS = ['1', '2', '3', '4', 'none'] as const;
export type VendorTierFilter = (typeof VENDOR_TIER_FILTERS)[number];
