import type { ComplianceLabel, CrawlMethod, FindingChange, PageChangeKind, PolicyPageKind } from '@vendorwatch/contracts';
import { index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { crawlJobs } from './crawling';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/**
 * One comparison per completed crawl: with the same vendor's previous completed crawl (none for a
 * vendor's first). Comparing again replaces it in place (same id), like assessments.
 */
export const crawlChanges = pgTable(
  'crawl_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .unique('crawl_changes_job_id_key')
      .references(() => crawlJobs.id, { onDelete: 'cascade' }),
    previousJobId: uuid('previous_job_id').references(() => crawlJobs.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    comparedAt: timestamp('compared_at', { withTimezone: true }).notNull().defaultNow(),
    pagesBefore: integer('pages_before').notNull().default(0),
    pagesAfter: integer('pages_after').notNull().default(0),
    added: integer('added').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    changedPercent: numeric('changed_percent', { precision: 4, scale: 1, mode: 'number' }).notNull().default(0),
    policyPagesChanged: integer('policy_pages_changed').notNull().default(0),
    findingsNew: jsonb('findings_new').$type<FindingChange[]>().notNull().default([]),
    findingsResolved: jsonb('findings_resolved').$type<FindingChange[]>().notNull().default([]),
    /** Checks one of the two crawls did not evaluate (another method, another sample): neither new nor resolved. */
    findingsNotComparable: jsonb('findings_not_comparable').$type<FindingChange[]>().notNull().default([]),
    /** The two crawls' methods (null before: the vendor's first crawl, or compared before methods were recorded). */
    methodBefore: text('method_before').$type<CrawlMethod>(),
    methodAfter: text('method_after').$type<CrawlMethod>(),
    rateBefore: numeric('rate_before', { precision: 4, scale: 1, mode: 'number' }),
    rateAfter: numeric('rate_after', { precision: 4, scale: 1, mode: 'number' }),
    labelBefore: text('label_before').$type<ComplianceLabel>(),
    labelAfter: text('label_after').$type<ComplianceLabel>(),
  },
  (t) => [
    index('crawl_changes_user_vendor_idx').on(t.userId, t.vendorId),
    index('crawl_changes_workspace_vendor_idx').on(t.workspaceId, t.vendorId),
  ],
);

/** A page added, removed or changed between the two crawls of a comparison (unchanged ones are only counted). */
export const crawlPageChanges = pgTable(
  'crawl_page_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    changeId: uuid('change_id')
      .notNull()
      .references(() => crawlChanges.id, { onDelete: 'cascade' }),
    /** The canonical URL both crawls store the page under. */
    url: text('url').notNull(),
    kind: text('kind').$type<PageChangeKind>().notNull(),
    policyKind: text('policy_kind').$type<PolicyPageKind>(),
    titleBefore: text('title_before'),
    titleAfter: text('title_after'),
    /**
     * The two versions (crawl_pages ids), whose main texts the diff reads. No foreign key: the pages
     * go with their crawls, and a key would make deleting a crawl's pages search this table.
     */
    pageBeforeId: uuid('page_before_id'),
    pageAfterId: uuid('page_after_id'),
  },
  (t) => [uniqueIndex('crawl_page_changes_change_url_key').on(t.changeId, t.url)],
);
