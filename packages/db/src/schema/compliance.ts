import type {
  CheckEvidence,
  CheckGroup,
  CheckOutcome,
  CheckSeverity,
  ComplianceLabel,
  RenderingSummary,
} from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { crawlJobs } from './crawling';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * One compliance assessment per crawl job: the job's rate, label and tallies. Re-assessing a job
 * replaces its row in place (same id), so links to a report keep working after the checks change.
 * The tallies are columns rather than JSON so the reports' summaries add them up in SQL.
 */
export const complianceAssessments = pgTable(
  'compliance_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .unique('compliance_assessments_job_id_key')
      .references(() => crawlJobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    /** Kept when the vendor is deleted (null), like the crawl job it assessed. */
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    targetUrl: text('target_url').notNull(),
    crawlCompletedAt: timestamp('crawl_completed_at', { withTimezone: true }),
    assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull().defaultNow(),
    catalogueVersion: text('catalogue_version').notNull(),
    rate: numeric('rate', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    label: text('label').$type<ComplianceLabel>().notNull(),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    warned: integer('warned').notNull().default(0),
    notApplicable: integer('not_applicable').notNull().default(0),
    failuresCritical: integer('failures_critical').notNull().default(0),
    failuresHigh: integer('failures_high').notNull().default(0),
    failuresMedium: integer('failures_medium').notNull().default(0),
    failuresLow: integer('failures_low').notNull().default(0),
    pagesChecked: integer('pages_checked').notNull().default(0),
    /** Titles of the checks the crawl's method could not evaluate. */
    notEvaluatedByMethod: text('not_evaluated_by_method')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The adaptive method's pages read over HTTP and in the browser, and why; null for the other methods. */
    rendering: jsonb('rendering').$type<RenderingSummary>(),
  },
  (t) => [
    // The reports list and the export walk a user's assessments newest first; the summary and the
    // vendor list read each vendor's latest.
    index('compliance_assessments_user_assessed_idx').on(t.userId, t.assessedAt.desc(), t.id.desc()),
    index('compliance_assessments_user_vendor_assessed_idx').on(t.userId, t.vendorId, t.assessedAt.desc(), t.id.desc()),
    index('compliance_assessments_workspace_assessed_idx').on(t.workspaceId, t.assessedAt.desc(), t.id.desc()),
    index('compliance_assessments_workspace_vendor_assessed_idx').on(t.workspaceId, t.vendorId, t.assessedAt.desc(), t.id.desc()),
    check('compliance_assessments_rate_range', sql`${t.rate} >= 0 and ${t.rate} <= 100`),
  ],
);

/** Every check's outcome in one assessment, in catalogue order (`position`). */
export const complianceCheckResults = pgTable(
  'compliance_check_results',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => complianceAssessments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    checkId: text('check_id').notNull(),
    group: text('group').$type<CheckGroup>().notNull(),
    severity: text('severity').$type<CheckSeverity>().notNull(),
    outcome: text('outcome').$type<CheckOutcome>().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    whyItMatters: text('why_it_matters').notNull(),
    howToFix: text('how_to_fix').notNull(),
    /** The first pieces of evidence (at most MAX_EVIDENCE_PER_CHECK); `evidenceTotal` counts them all. */
    evidence: jsonb('evidence').$type<CheckEvidence[]>().notNull().default([]),
    evidenceTotal: integer('evidence_total').notNull().default(0),
    /** false: the crawl did not collect what decides the check (its method cannot, or it did not reach the fact). */
    evaluated: boolean('evaluated').notNull().default(true),
    /**
     * What the check found, one stable label each (a library version's advisory, a failing host), for
     * comparing assessments below the outcome; null for checks that list none and for results stored before.
     */
    findings: jsonb('findings').$type<string[]>(),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.position] })],
);
