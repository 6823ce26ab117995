import type { RiskAcceptanceStatus } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { complianceAssessments } from './compliance';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * A failing check of a vendor that the workspace accepts as a risk until `expiresAt` (issue 40, item 4).
 * `status` holds what people decided (pending → approved | rejected, approved → revoked); whether an
 * approved one has expired is computed when read from `expiresAt`, so it is true without a job.
 */
export const riskAcceptances = pgTable(
  'risk_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    checkId: text('check_id').notNull(),
    /** The check's title when it was asked for, so lists name it without reading an assessment. */
    checkTitle: text('check_title').notNull(),
    /** The assessment in which the check was failing when it was asked for. */
    assessmentId: uuid('assessment_id').references(() => complianceAssessments.id, { onDelete: 'set null' }),
    justification: text('justification').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status').$type<RiskAcceptanceStatus>().notNull().default('pending'),
    /** Null once the requester's account is gone: no one is then the requester, anyone else may decide. */
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeNote: text('revoke_note'),
  },
  (t) => [
    // The workspace's list by state and the overview's counts; a vendor's acceptances per check.
    index('risk_acceptances_workspace_status_expires_idx').on(t.workspaceId, t.status, t.expiresAt),
    index('risk_acceptances_vendor_check_idx').on(t.vendorId, t.checkId),
    check('risk_acceptances_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected', 'revoked')`),
  ],
);
