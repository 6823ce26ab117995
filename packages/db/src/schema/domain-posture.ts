import type { DomainPostureFacts } from '@vendorwatch/compliance';
import { index, integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { crawlJobs } from './crawling';
import { workspaceIdColumn } from './workspaces';

/**
 * A vendor's email, DNS and TLS posture as the worker read it once the crawl completed (DNS through
 * the operator's resolver, TLS handshakes of the HTTPS origins met): one row per crawl job, so
 * re-assessing the crawl judges the same facts. Gone with the crawl.
 */
export const crawlDomainPosture = pgTable(
  'crawl_domain_posture',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => crawlJobs.id, { onDelete: 'cascade' }),
    /** The crawl's workspace (a row written without it takes its crawl's). */
    workspaceId: workspaceIdColumn(),
    facts: jsonb('facts').$type<DomainPostureFacts>().notNull(),
    /** DNS queries the reading made (also in the facts), as a column for operators' queries. */
    dnsQueries: integer('dns_queries').notNull().default(0),
    gatheredAt: timestamp('gathered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crawl_domain_posture_workspace_id_idx').on(t.workspaceId)],
);
