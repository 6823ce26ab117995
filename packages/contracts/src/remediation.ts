/**
 * Remediation requests through a vendor link (issue 40, items 3 and 5): an editor asks a vendor's
 * contact to fix failing or warning checks; the contact answers on a page that needs no account,
 * through a link whose token is the only credential (the generic vendor link, VENDOR_LINK_KINDS).
 */
import { z } from 'zod';
import { LIMITS } from './limits';
import { fill, MESSAGES } from './messages';
import { emailSchema } from './schemas/auth';
import { isoDateTime, pageLimitQuery, pageQuery } from './schemas/common';
import type { CheckEvidence, CheckOutcome } from './compliance';

const L = LIMITS.remediation;
const M = MESSAGES.remediation;

/** What a vendor link belongs to: one request each. Questionnaires (issue 41) plug in as another kind. */
export const VENDOR_LINK_KINDS = ['remediation', 'questionnaire'] as const;
export type VendorLinkKind = (typeof VENDOR_LINK_KINDS)[number];

/** The app page a vendor link opens: `PUBLIC_URL/vendor-portal/<token>`. */
export const VENDOR_PORTAL_PATH = '/vendor-portal';

/** `sent` → `viewed` (first portal open) → `responded` (first reply) → `closed` (all resolved or accepted), or `cancelled`. */
export const REMEDIATION_STATES = ['sent', 'viewed', 'responded', 'closed', 'cancelled'] as const;
export type RemediationState = (typeof REMEDIATION_STATES)[number];
/** The states of a request still waiting on someone. */
export const OPEN_REMEDIATION_STATES = ['sent', 'viewed', 'responded'] as const satisfies readonly RemediationState[];
/** Whether a request in `state` still waits on someone (one of OPEN_REMEDIATION_STATES). */
export const isOpenRemediationState = (state: string): boolean => (OPEN_REMEDIATION_STATES as readonly string[]).includes(state);
/** What `GET /api/remediation-requests?state=` filters by: a state, `open` (any of the open states) or `overdue` (open past due). */
export const REMEDIATION_STATE_FILTERS = [...REMEDIATION_STATES, 'open', 'overdue'] as const;
export type RemediationStateFilter = (typeof REMEDIATION_STATE_FILTERS)[number];

/** Where one check of a request stands. */
export const REMEDIATION_CHECK_STATUSES = [
  'open',
  'claimed_fixed',
  'compensating_control',
  'disputed',
  'resolved',
  'accepted',
] as const;
export type RemediationCheckStatus = (typeof REMEDIATION_CHECK_STATUSES)[number];

/** What the vendor answers per check. */
export const VENDOR_REPLY_STATUSES = ['fixed', 'compensating_control', 'disputed'] as const;
export type VendorReplyStatus = (typeof VENDOR_REPLY_STATUSES)[number];

/** The check status a vendor's reply sets. */
export const CHECK_STATUS_OF_REPLY: Record<VendorReplyStatus, RemediationCheckStatus> = {
  fixed: 'claimed_fixed',
  compensating_control: 'compensating_control',
  disputed: 'disputed',
};

export const REMEDIATION_DECISIONS = ['accept', 'reject'] as const;
export type RemediationDecision = (typeof REMEDIATION_DECISIONS)[number];

/** The files a vendor may attach, typed by their content. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** Every reminder of an open request, by its offset from the due date; at `after_7d` the vendor's owner is emailed too. */
export const REMINDERS = [
  { name: 'before_7d', offsetDays: -7 },
  { name: 'before_1d', offsetDays: -1 },
  { name: 'after_1d', offsetDays: 1 },
  { name: 'after_7d', offsetDays: 7 },
] as const;
export type ReminderName = (typeof REMINDERS)[number]['name'];

export const REMEDIATION_EVENT_TYPES = [
  'sent',
  'viewed',
  'replied',
  'attachment_added',
  'decision',
  'recheck_requested',
  'recheck_completed',
  'resolved',
  'closed',
  'cancelled',
  'reminder_sent',
] as const;
export type RemediationEventType = (typeof REMEDIATION_EVENT_TYPES)[number];

// Requests

const checkId = z.string({ error: M.checkIdsInvalid }).trim().min(1, { error: M.checkIdsInvalid }).max(L.checkIdMaxLength, {
  error: M.checkIdsInvalid,
});

const futureDueAt = z
  .string({ error: M.dueAtInvalid })
  .max(40, { error: M.dueAtInvalid })
  .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: M.dueAtInvalid }))
  // A date alone is due at the end of that day (UTC).
  .transform((value) => new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value).toISOString())
  .refine((value) => Date.parse(value) > Date.now(), { error: M.dueAtInPast });

const optionalLongText = (max: number, message: string) => z.string({ error: message }).trim().max(max, { error: message });

/** POST /api/vendors/:id/remediation-requests. */
export const createRemediationRequestSchema = z.object({
  checkIds: z
    .array(checkId, { error: fill(M.checkIdsCount, { max: L.maxChecks }) })
    .min(1, { error: fill(M.checkIdsCount, { max: L.maxChecks }) })
    .max(L.maxChecks, { error: fill(M.checkIdsCount, { max: L.maxChecks }) })
    .transform((ids) => [...new Set(ids)]),
  contactEmail: emailSchema.transform((email) => email.toLowerCase()),
  dueAt: futureDueAt,
  message: optionalLongText(L.messageMaxLength, fill(M.messageTooLong, { max: L.messageMaxLength }))
    .optional()
    .default(''),
});
export type CreateRemediationRequest = z.output<typeof createRemediationRequestSchema>;

/** GET /api/remediation-requests. */
export const remediationListQuerySchema = z.object({
  vendorId: z.uuid({ error: M.vendorIdInvalid }).optional(),
  state: z.enum(REMEDIATION_STATE_FILTERS, { error: M.stateInvalid }).optional(),
  page: pageQuery,
  limit: pageLimitQuery,
});
export type RemediationListQuery = z.output<typeof remediationListQuerySchema>;

/** POST /api/remediation-requests/:id/checks/:checkId/decision. */
export const remediationDecisionSchema = z.object({
  decision: z.enum(REMEDIATION_DECISIONS, { error: M.decisionInvalid }),
  note: optionalLongText(L.commentMaxLength, fill(M.noteTooLong, { max: L.commentMaxLength }))
    .optional()
    .default(''),
});
export type RemediationDecisionInput = z.output<typeof remediationDecisionSchema>;

/** POST /api/portal/:token/checks/:checkId/replies. */
export const vendorReplySchema = z.object({
  status: z.enum(VENDOR_REPLY_STATUSES, { error: M.replyStatusInvalid }),
  comment: z
    .string({ error: M.commentRequired })
    .trim()
    .min(1, { error: M.commentRequired })
    .max(L.commentMaxLength, { error: fill(M.commentTooLong, { max: L.commentMaxLength }) }),
});
export type VendorReplyInput = z.output<typeof vendorReplySchema>;

/** The `:token` of a portal route: base64url; anything else cannot be one, and reads as a dead link. */
export const vendorLinkTokenSchema = z
  .string()
  .min(L.tokenMinLength)
  .max(L.tokenMaxLength)
  .regex(/^[A-Za-z0-9_-]+$/);

/** The `:checkId` of a route. */
export const checkIdParamSchema = checkId;

// Responses

export const remediationReplySchema = z.object({
  id: z.string(),
  /** `vendor`: the contact's answer; `workspace`: an analyst's decision on it. */
  author: z.enum(['vendor', 'workspace']),
  status: z.enum(VENDOR_REPLY_STATUSES).nullable(),
  decision: z.enum(REMEDIATION_DECISIONS).nullable(),
  comment: z.string(),
  createdAt: isoDateTime,
});
export type RemediationReply = z.output<typeof remediationReplySchema>;

export const remediationAttachmentSchema = z.object({
  id: z.string(),
  checkId: z.string(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  createdAt: isoDateTime,
});
export type RemediationAttachment = z.output<typeof remediationAttachmentSchema>;

/** POST /api/portal/:token/attachments. */
export const uploadedAttachmentSchema = z.object({ id: z.string(), name: z.string(), size: z.number(), sha256: z.string() });
export type UploadedAttachment = z.output<typeof uploadedAttachmentSchema>;

export const remediationEventSchema = z.object({
  id: z.string(),
  type: z.enum(REMEDIATION_EVENT_TYPES),
  at: isoDateTime,
  /** Who: a member's email, "Vendor contact", or "Vendorwatch" for what the product did. */
  actor: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type RemediationEvent = z.output<typeof remediationEventSchema>;

/** One request as lists show it (and the 201 of its creation). */
export const remediationRequestSummarySchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  vendorName: z.string(),
  state: z.enum(REMEDIATION_STATES),
  checkIds: z.array(z.string()),
  contactEmail: z.string(),
  dueAt: isoDateTime,
  /** Open past its due date: computed when read. */
  overdue: z.boolean(),
  message: z.string(),
  createdAt: isoDateTime,
  createdBy: z.string().nullable(),
  /** Checks with a vendor answer waiting on a decision. */
  awaitingReview: z.number(),
  /** false: no email server, the link was not emailed (it is in the server log in development). */
  emailed: z.boolean().optional(),
  /** The vendor link, answered once on creation only when it could not be emailed: the sender passes it on. */
  link: z.string().nullable().optional(),
});
export type RemediationRequestSummary = z.output<typeof remediationRequestSummarySchema>;

export const remediationRequestCheckSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  status: z.enum(REMEDIATION_CHECK_STATUSES),
  replies: z.array(remediationReplySchema),
  attachments: z.array(remediationAttachmentSchema),
});
export type RemediationRequestCheck = z.output<typeof remediationRequestCheckSchema>;

/** GET /api/remediation-requests/:id. */
export const remediationRequestDetailSchema = remediationRequestSummarySchema.extend({
  checks: z.array(remediationRequestCheckSchema),
  events: z.array(remediationEventSchema),
  /** The assessment the checks were picked from. */
  assessmentId: z.string().nullable(),
  linkLastViewedAt: isoDateTime.nullable(),
  rechecksToday: z.number(),
});
export type RemediationRequestDetail = z.output<typeof remediationRequestDetailSchema>;

export const remediationRequestListSchema = z.object({
  items: z.array(remediationRequestSummarySchema),
  total: z.number(),
});
export type RemediationRequestList = z.output<typeof remediationRequestListSchema>;

/** One check on the vendor's page: what failed, its evidence and how to fix it — nothing else of the workspace. */
export const portalCheckSchema = z.object({
  checkId: z.string(),
  title: z.string(),
  outcome: z.string(),
  summary: z.string(),
  howToFix: z.string(),
  evidence: z.array(z.object({ url: z.string().nullable(), detail: z.string() })),
  status: z.enum(REMEDIATION_CHECK_STATUSES),
  replies: z.array(remediationReplySchema),
  attachments: z.array(uploadedAttachmentSchema.extend({ checkId: z.string() })),
});
export type PortalCheck = z.output<typeof portalCheckSchema>;

/** GET /api/portal/:token. */
export const portalRequestSchema = z.object({
  kind: z.literal('remediation'),
  workspaceName: z.string(),
  vendorName: z.string(),
  dueAt: isoDateTime,
  overdue: z.boolean(),
  message: z.string(),
  state: z.enum(REMEDIATION_STATES),
  checks: z.array(portalCheckSchema),
  recheck: z.object({
    running: z.boolean().meta({
      description:
        'A re-check is under way: its crawl is queued or running, or it ended moments ago and its outcome is being applied',
    }),
    usedToday: z.number(),
    perDay: z.number(),
    lastRequestedAt: isoDateTime.nullable(),
  }),
  limits: z.object({ maxAttachmentBytes: z.number(), maxAttachments: z.number(), commentMaxLength: z.number() }),
});
export type PortalRequest = z.output<typeof portalRequestSchema>;

/** POST /api/portal/:token/recheck → 202. */
export const portalRecheckSchema = z.object({ crawlJobId: z.string(), state: z.literal('started') });
export type PortalRecheck = z.output<typeof portalRecheckSchema>;

/** Evidence as the vendor sees it: the page and the detail, never an internal page id. */
export const portalEvidenceOf = (evidence: CheckEvidence[]) => evidence.map(({ url, detail }) => ({ url, detail }));

/** Outcomes a request may be made for. */
export const REQUESTABLE_OUTCOMES: readonly CheckOutcome[] = ['fail', 'warn'];
