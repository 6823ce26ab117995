import type {
  Prefill,
  QuestionnaireSection,
  QuestionnaireState,
  AnswerReviewDecision,
  VendorDocumentType,
} from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { complianceAssessments } from './compliance';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A questionnaire a workspace imported from CSV or Excel (the SIG, CAIQ or HECVAT it licenses …); the shipped ones are data in packages/compliance. */
export const questionnaireTemplates = pgTable(
  'questionnaire_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    sections: jsonb('sections').$type<QuestionnaireSection[]>().notNull(),
    questionCount: integer('question_count').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('questionnaire_templates_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * A questionnaire sent to a vendor's contact through the vendor link (kind `questionnaire`). The
 * template's questions are copied in when it is sent, so a later import or a new shipped version
 * never changes what the vendor was asked. `sent` → `viewed` → `in_progress` → `submitted` →
 * `reviewed`, or `cancelled`; overdue is computed when read.
 */
export const questionnaireRequests = pgTable(
  'questionnaire_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    templateId: text('template_id').notNull(),
    templateName: text('template_name').notNull(),
    sections: jsonb('sections').$type<QuestionnaireSection[]>().notNull(),
    contactEmail: text('contact_email').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    message: text('message'),
    state: text('state').$type<QuestionnaireState>().notNull().default('sent'),
    /** The assessment the pre-fills were read from (the vendor's latest when sent). */
    prefillAssessmentId: uuid('prefill_assessment_id').references(() => complianceAssessments.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('questionnaire_requests_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
    index('questionnaire_requests_vendor_idx').on(t.vendorId, t.createdAt.desc()),
    check(
      'questionnaire_requests_state_check',
      sql`${t.state} in ('sent', 'viewed', 'in_progress', 'submitted', 'reviewed', 'cancelled')`,
    ),
  ],
);

/** One question's answer in a request: what the vendor said, the pre-fill it started from, and the analyst's review. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => questionnaireRequests.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: text('answer'),
    comment: text('comment'),
    prefill: jsonb('prefill').$type<Prefill>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    reviewDecision: text('review_decision').$type<AnswerReviewDecision>(),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('questionnaire_answers_question_key').on(t.requestId, t.questionId),
    check(
      'questionnaire_answers_review_check',
      sql`${t.reviewDecision} is null or ${t.reviewDecision} in ('accept', 'follow_up')`,
    ),
  ],
);

/**
 * A document a vendor uploaded through a questionnaire's link (a SOC 2 report, an ISO 27001
 * certificate …), typed by its content, with its SHA-256 and the date it is valid until. Kept in
 * the database like remediation attachments; served to members only, as an attachment.
 */
export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').references(() => questionnaireRequests.id, { onDelete: 'set null' }),
    type: text('type').$type<VendorDocumentType>().notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_documents_vendor_idx').on(t.vendorId, t.uploadedAt.desc()),
    index('vendor_documents_workspace_valid_idx').on(t.workspaceId, t.validUntil),
    check(
      'vendor_documents_type_check',
      sql`${t.type} in ('soc2_report', 'iso27001_certificate', 'pentest_summary', 'insurance_certificate', 'policy', 'other')`,
    ),
  ],
);
