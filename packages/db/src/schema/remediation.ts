import type {
  AttachmentType,
  RemediationCheckStatus,
  RemediationDecision,
  RemediationEventType,
  RemediationState,
  VendorReplyStatus,
} from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { complianceAssessments } from './compliance';
import { crawlJobs } from './crawling';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A request to a vendor's contact to fix failing or warning checks of its latest assessment (issue
 * 40), answered through a vendor link. `state` records what happened (sent → viewed → responded →
 * closed, or cancelled); being overdue is computed when read from `due_at`.
 */
export const remediationRequests = pgTable(
  'remediation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** The assessment the checks were picked from. */
    assessmentId: uuid('assessment_id').references(() => complianceAssessments.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The member's email or the key's name that sent it, as the audit log has it. */
    createdByLabel: text('created_by_label').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    message: text('message').notNull().default(''),
    state: text('state').$type<RemediationState>().notNull().default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('remediation_requests_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index('remediation_requests_vendor_idx').on(t.vendorId, t.createdAt.desc()),
    index('remediation_requests_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} in ('sent', 'viewed', 'responded')`),
    check('remediation_requests_state_check', sql`${t.state} in ('sent', 'viewed', 'responded', 'closed', 'cancelled')`),
  ],
);

/** One check of a request, with the title it had in the assessment and where it stands. */
export const remediationRequestChecks = pgTable(
  'remediation_request_checks',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => remediationRequests.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    checkId: text('check_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    status: text('status').$type<RemediationCheckStatus>().notNull().default('open'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The re-check crawl that found it passing. */
    resolvedByCrawlId: uuid('resolved_by_crawl_id').references(() => crawlJobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.checkId] }),
    check(
      'remediation_request_checks_status_check',
      sql`${t.status} in ('open', 'claimed_fixed', 'compensating_control', 'disputed', 'resolved', 'accepted')`,
    ),
  ],
);

/** The vendor's answers per check, and the analysts' decisions on them (a rejection's note is shown to the vendor). */
export const remediationReplies = pgTable(
  'remediation_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => remediationRequests.id, { onDelete: 'cascade' }),
    checkId: text('check_id').notNull(),
    author: text('author').$type<'vendor' | 'workspace'>().notNull(),
    status: text('status').$type<VendorReplyStatus>(),
    decision: text('decision').$type<RemediationDecision>(),
    comment: text('comment').notNull().default(''),
    /** For a decision: who made it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('remediation_replies_request_idx').on(t.requestId, t.createdAt),
    check('remediation_replies_author_check', sql`${t.author} in ('vendor', 'workspace')`),
  ],
);

/**
 * Files the vendor attached, typed by their content. Kept in the database (bytea), not under
 * DATA_DIR: the API alone reads and writes them, any number of API processes on any hosts see the
 * same files, and they go with the workspace's backups and cascades. At most 20 of 10 MB per request.
 */
export const remediationAttachments = pgTable(
  'remediation_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => remediationRequests.id, { onDelete: 'cascade' }),
    checkId: text('check_id').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').$type<AttachmentType>().notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remediation_attachments_request_idx').on(t.requestId, t.createdAt)],
);

/** What happened to a request, in order: for its history on the analyst's screen. */
export const remediationEvents = pgTable(
  'remediation_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: events of one moment (a decision and the close it causes) read in the order they happened. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    workspaceId: workspaceIdColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => remediationRequests.id, { onDelete: 'cascade' }),
    type: text('type').$type<RemediationEventType>().notNull(),
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remediation_events_request_idx').on(t.requestId, t.at)],
);

/**
 * The re-checks a vendor asked for: each started a crawl of the vendor. `applied_at`: the crawl's
 * assessment was read and its passing checks resolved (or the crawl ended without one).
 */
export const remediationRechecks = pgTable(
  'remediation_rechecks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => remediationRequests.id, { onDelete: 'cascade' }),
    crawlJobId: uuid('crawl_job_id').references(() => crawlJobs.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('remediation_rechecks_request_idx').on(t.requestId, t.requestedAt.desc()),
    index('remediation_rechecks_crawl_idx').on(t.crawlJobId),
  ],
);
