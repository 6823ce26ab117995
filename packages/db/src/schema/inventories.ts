import type { DetectedLibrary, DetectedTechnology, Grades, InventoryDataSource, ThirdParty } from '@vendorwatch/contracts';
import { index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { crawlJobs } from './crawling';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * What a crawl shows a vendor runs and who it shares visitors with (libraries with their advisories,
 * technologies, third parties by company) and the grades of its assessment: computed from the crawl's
 * stored pages when it is assessed, and replaced when it is assessed again. Kept per crawl rather than
 * derived on each read: a vendor page, the dashboard and the portfolio read a few kilobytes per vendor
 * instead of every page of its last crawl and 7 500 fingerprints, and each row says which data (of which
 * date) named what it holds.
 */
export const crawlInventories = pgTable(
  'crawl_inventories',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => crawlJobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    /** Kept when the vendor is deleted (null), like the crawl job. */
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    crawlCompletedAt: timestamp('crawl_completed_at', { withTimezone: true }),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
    libraries: jsonb('libraries').$type<DetectedLibrary[]>().notNull().default([]),
    technologies: jsonb('technologies').$type<DetectedTechnology[]>().notNull().default([]),
    thirdParties: jsonb('third_parties').$type<ThirdParty[]>().notNull().default([]),
    dataSources: jsonb('data_sources').$type<InventoryDataSource[]>().notNull().default([]),
    grades: jsonb('grades').$type<Grades>().notNull(),
    /** Libraries with at least one advisory: a column, so summaries count them in SQL. */
    vulnerableLibraries: integer('vulnerable_libraries').notNull().default(0),
  },
  // A vendor's latest inventory, and the latest of each vendor of a user.
  (t) => [
    index('crawl_inventories_user_vendor_completed_idx').on(t.userId, t.vendorId, t.crawlCompletedAt.desc()),
    index('crawl_inventories_workspace_vendor_completed_idx').on(t.workspaceId, t.vendorId, t.crawlCompletedAt.desc()),
  ],
);
