import type { ReviewDecision } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { complianceAssessments } from './compliance';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * A workspace's tier settings (issue 40): one row per tier it has renamed or re-timed. A workspace with
 * no rows uses the defaults of contracts' DEFAULT_PROGRAMME_TIERS; a saved setting stores all four.
 */
export const programmeTiers = pgTable(
  'programme_tiers',
  {
    workspaceId: workspaceIdColumn(),
    tier: smallint('tier').notNull(),
    name: text('name').notNull(),
    /** Days from one review to the next; null: no scheduled review. */
    reviewIntervalDays: integer('review_interval_days'),
    /** The longest a risk of a vendor of this tier may be accepted. */
    maxAcceptanceDays: integer('max_acceptance_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.tier] }), check('programme_tiers_tier_check', sql`${t.tier} between 1 and 4`)],
);

/**
 * A vendor's reviews: the decision, who made it and when, and the vendor's overall grade and latest
 * assessment at that moment (the grade a later drop is measured against). Gone with the vendor.
 */
export const vendorReviews = pgTable(
  'vendor_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    decision: text('decision').$type<ReviewDecision>().notNull(),
    notes: text('notes').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    reviewerUserId: uuid('reviewer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The overall grade letter when reviewed; null when the vendor had none. */
    grade: text('grade'),
    assessmentId: uuid('assessment_id').references(() => complianceAssessments.id, { onDelete: 'set null' }),
    /** The next review date as the tier set it when recorded (the status reads the tier as it is now). */
    nextReviewAt: timestamp('next_review_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vendor_reviews_vendor_id_reviewed_at_idx').on(t.vendorId, t.reviewedAt.desc(), t.createdAt.desc()),
    index('vendor_reviews_workspace_id_idx').on(t.workspaceId),
    check('vendor_reviews_decision_check', sql`${t.decision} in ('approved', 'approved_with_conditions', 'rejected')`),
  ],
);
