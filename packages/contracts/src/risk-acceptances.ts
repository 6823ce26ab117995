/**
 * Accepted risks (issue 40, item 4): an editor asks to accept a failing or warning check of a vendor
 * until a date no later than the vendor's tier allows; an admin or owner other than the requester
 * approves or rejects it. While approved and unexpired the check shows as `accepted` in the vendor's
 * report and is left out of its rate and grades, as "could not be checked" is. Expiry is computed when
 * read: from `expiresAt` on, the check counts again and the acceptance reads `expired`.
 */
import { z } from 'zod';
import { paginatedSchema } from './crawl';
import { fill, MESSAGES } from './messages';
import { isoDateTime, pageLimitQuery, pageQuery, requiredText } from './schemas/common';

export const RISK_ACCEPTANCE_LIMITS = {
  justificationMaxLength: 2000,
  noteMaxLength: 2000,
  checkIdMaxLength: 200,
  /** The overview's "expiring soon": active acceptances that end within this many days. */
  expiringWithinDays: 30,
} as const;

/** What is stored: what people decided. */
export const RISK_ACCEPTANCE_STATUSES = ['pending', 'approved', 'rejected', 'revoked'] as const;
export type RiskAcceptanceStatus = (typeof RISK_ACCEPTANCE_STATUSES)[number];

/** What is read: an approved acceptance past its expiry is `expired`. */
export const RISK_ACCEPTANCE_STATES = ['pending', 'approved', 'rejected', 'revoked', 'expired'] as const;
export type RiskAcceptanceState = (typeof RISK_ACCEPTANCE_STATES)[number];

export const RISK_ACCEPTANCE_STATE_LABELS: Record<RiskAcceptanceState, string> = {
  pending: 'Pending approval',
  approved: 'Active',
  rejected: 'Rejected',
  revoked: 'Revoked',
  expired: 'Expired',
};

/** `?state=` of the list: a state, or `active` (approved and not expired: the same as `approved`). */
export const RISK_ACCEPTANCE_STATE_FILTERS = [...RISK_ACCEPTANCE_STATES, 'active'] as const;
export type RiskAcceptanceStateFilter = (typeof RISK_ACCEPTANCE_STATE_FILTERS)[number];

/** The state of an acceptance at `now`: approved and past `expiresAt` is expired. */
export const riskAcceptanceState = (
  status: RiskAcceptanceStatus,
  expiresAt: Date,
  now: Date = new Date(),
): RiskAcceptanceState => (status === 'approved' && expiresAt.getTime() <= now.getTime() ? 'expired' : status);

const L = RISK_ACCEPTANCE_LIMITS;
const M = MESSAGES.riskAcceptances;
const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An expiry as the API takes it: an ISO 8601 date-time with an offset, or a date (`YYYY-MM-DD`: the end
 * of that day, UTC — "accepted until 31 March" covers the 31st).
 */
export const acceptanceExpiryInstant = (value: string): Date =>
  DATE_ONLY.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS - 1) : new Date(value);

/** The latest expiry a tier allows from `now`: the end (UTC) of the day `maxDays` ahead. */
export const latestAcceptanceExpiry = (maxDays: number, now: Date = new Date()): Date => {
  const day = new Date(now.getTime() + maxDays * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + DAY_MS - 1);
};

const expiresAt = z
  .string({ error: M.expiryRequired })
  .trim()
  .min(1, { error: M.expiryRequired })
  .max(40, { error: M.invalidExpiry })
  .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: M.invalidExpiry }))
  .refine((value) => acceptanceExpiryInstant(value).getTime() > Date.now(), { error: M.expiryInPast });

const note = z
  .string({ error: fill(M.noteTooLong, { max: L.noteMaxLength }) })
  .trim()
  .max(L.noteMaxLength, { error: fill(M.noteTooLong, { max: L.noteMaxLength }) })
  .optional();

/** POST /api/vendors/:id/risk-acceptances. */
export const riskAcceptanceInputSchema = z.object({
  checkId: requiredText(M.checkRequired, 'checkId', L.checkIdMaxLength),
  justification: requiredText(M.justificationRequired, 'Justification', L.justificationMaxLength),
  expiresAt,
});
export type RiskAcceptanceInput = z.output<typeof riskAcceptanceInputSchema>;

/** POST /api/risk-acceptances/:id/approve|reject|revoke. An empty body is fine. */
export const riskAcceptanceDecisionSchema = z.object({ note }).default({});
export type RiskAcceptanceDecision = z.output<typeof riskAcceptanceDecisionSchema>;

/** GET /api/risk-acceptances. */
export const riskAcceptanceListQuerySchema = z.object({
  state: z.enum(RISK_ACCEPTANCE_STATE_FILTERS, { error: M.invalidState }).optional(),
  vendorId: z.uuid({ error: M.invalidVendor }).optional(),
  page: pageQuery,
  limit: pageLimitQuery,
});
export type RiskAcceptanceListQuery = z.output<typeof riskAcceptanceListQuerySchema>;

// Responses

export const riskAcceptanceSchema = z
  .object({
    id: z.uuid(),
    vendorId: z.uuid(),
    vendorName: z.string(),
    checkId: z.string(),
    checkTitle: z.string(),
    assessmentId: z.uuid().nullable(),
    justification: z.string(),
    expiresAt: isoDateTime,
    state: z.enum(RISK_ACCEPTANCE_STATES).meta({ description: 'Computed when read: approved past expiresAt is expired' }),
    requestedByUserId: z.uuid().nullable(),
    requestedByEmail: z.string().nullable(),
    requestedAt: isoDateTime,
    decidedByUserId: z.uuid().nullable(),
    decidedByEmail: z.string().nullable(),
    decidedAt: isoDateTime.nullable(),
    decisionNote: z.string().nullable(),
    revokedByUserId: z.uuid().nullable(),
    revokedAt: isoDateTime.nullable(),
    revokeNote: z.string().nullable(),
  })
  .meta({ id: 'RiskAcceptance' });
export type RiskAcceptance = z.output<typeof riskAcceptanceSchema>;

export const riskAcceptancePageSchema = paginatedSchema(riskAcceptanceSchema).meta({ id: 'RiskAcceptancePage' });

/** GET /api/vendors/:id/risk-acceptances: every acceptance of the vendor, newest first. */
export const vendorRiskAcceptancesSchema = z
  .object({
    items: z.array(riskAcceptanceSchema),
    /** The longest an acceptance of this vendor may run, from its tier (days). */
    maxAcceptanceDays: z.number().int(),
  })
  .meta({ id: 'VendorRiskAcceptances' });
export type VendorRiskAcceptances = z.output<typeof vendorRiskAcceptancesSchema>;

/** The programme overview's counts. */
export const riskAcceptanceCountsSchema = z.object({
  pending: z.number().int(),
  /** Approved and not expired. */
  active: z.number().int(),
  /** Active and ending within RISK_ACCEPTANCE_LIMITS.expiringWithinDays days. */
  expiringWithin30Days: z.number().int(),
});
export type RiskAcceptanceCounts = z.output<typeof riskAcceptanceCountsSchema>;

/** What an accepted check of a report carries. */
export const checkAcceptanceSchema = z.object({ id: z.uuid(), justification: z.string(), expiresAt: isoDateTime });
export type CheckAcceptance = z.output<typeof checkAcceptanceSchema>;

export const riskAcceptanceMessages = {
  beyondTierLimit: (maxDays: number, latest: string) => fill(M.beyondTierLimit, { days: maxDays, date: latest }),
  noteTooLong: () => fill(M.noteTooLong, { max: L.noteMaxLength }),
};
