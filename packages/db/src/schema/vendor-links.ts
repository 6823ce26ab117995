import type { VendorLinkKind } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * The link a vendor's contact answers a request through, without an account (issue 40): one per
 * request, named by its kind and the request's id (`subject_id`; no foreign key, so any kind of
 * request — a remediation request now, a questionnaire later — plugs in). Only the SHA-256 of its
 * token is kept (256 random bits: a fast hash is as safe as a slow one, and finds the link in one
 * indexed read). Dead once cancelled, or closed more than 30 days ago.
 */
export const vendorLinks = pgTable(
  'vendor_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<VendorLinkKind>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Lower-cased: whom the link was sent to. */
    contactEmail: text('contact_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vendor_links_token_hash_key').on(t.tokenHash),
    uniqueIndex('vendor_links_subject_key').on(t.kind, t.subjectId),
    index('vendor_links_workspace_idx').on(t.workspaceId),
    check('vendor_links_kind_check', sql`${t.kind} in ('remediation', 'questionnaire')`),
  ],
);

/**
 * One row per (request, reminder) whatever its kind, inserted before the email goes out (insert … on
 * conflict do nothing): whoever inserts it sends, so two workers or a restart never send twice. A row
 * whose `sent_at` stayed null (the process died between the insert and the send) is claimed again
 * once its claim is older than the lease, up to a few attempts: a reminder is then at worst sent
 * twice after a crash at the very moment of sending, never lost and never sent twice otherwise.
 */
export const vendorLinkReminders = pgTable(
  'vendor_link_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: workspaceIdColumn(),
    kind: text('kind').$type<VendorLinkKind>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    reminder: text('reminder').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the last attempt failed (the SMTP error), for the operator. */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('vendor_link_reminders_once_key').on(t.kind, t.subjectId, t.reminder),
    index('vendor_link_reminders_unsent_idx')
      .on(t.claimedAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
