import type { BrowserFacts, DocumentFacts, SiteFacts } from '@vendorwatch/compliance';
import type { CrawlJobStatus } from '@vendorwatch/contracts';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { vendors } from './vendors';
import { workspaceIdColumn } from './workspaces';

/** Scraping-service configurations (the spec's crawler_x65isd_configs); one active per workspace. */
export const crawlerConfigs = pgTable(
  'crawler_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    name: text('name').notNull(),
    type: text('type').notNull().default('scrapingbee'),
    /** AES-256-GCM ciphertext of the trimmed key; the plain key is never stored. */
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    apiKeyLast4: text('api_key_last4').notNull().default(''),
    apiEndpoint: text('api_endpoint').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crawler_configs_user_id_idx').on(t.userId),
    index('crawler_configs_workspace_id_idx').on(t.workspaceId),
    uniqueIndex('crawler_configs_one_active_per_workspace')
      .on(t.workspaceId)
      .where(sql`${t.isActive}`),
  ],
);

/** Per-vendor crawl settings: one row per vendor (in the vendor's workspace); `user_id` saved it first. */
export const crawlerSettings = pgTable(
  'crawler_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    maxPages: integer('max_pages').notNull().default(100),
    crawlDelay: integer('crawl_delay').notNull().default(2000),
    allowedDomains: text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startUrls: text('start_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    excludePatterns: text('exclude_patterns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Query parameters this site needs, never dropped as tracking parameters when URLs are canonicalised. */
    keepQueryParams: text('keep_query_params')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** CSS selectors whose elements change detection leaves out of a page's main text. */
    ignoreSelectors: text('ignore_selectors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Text change detection ignores (literal, or globs with *). */
    ignoreTextPatterns: text('ignore_text_patterns')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crawler_settings_vendor_workspace_key').on(t.vendorId, t.workspaceId)],
);

export const crawlJobs = pgTable(
  'crawl_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    /** The crawler page's client-generated session id, when started from there. */
    sessionId: uuid('session_id'),
    kind: text('kind').notNull().default('crawl'),
    method: text('method').notNull(),
    status: text('status').$type<CrawlJobStatus>().notNull().default('queued'),
    targetUrl: text('target_url').notNull(),
    /** Method settings and crawl limits, as started; never holds an API key. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    crawlerConfigId: uuid('crawler_config_id').references(() => crawlerConfigs.id, { onDelete: 'set null' }),
    progress: integer('progress').notNull().default(0),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesPlanned: integer('pages_planned').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    /**
     * The job's answered pages (a status code came back), the sum of their response times and how
     * many had one: the dashboard's page figures read these instead of every page. Kept by a trigger
     * on crawl_pages (migration 0002), so no writer can forget them.
     */
    answeredPages: integer('answered_pages').notNull().default(0),
    /** Every page the job stored, answered or not (the same trigger keeps it). */
    storedPages: integer('stored_pages').notNull().default(0),
    responseTimeMsSum: bigint('response_time_ms_sum', { mode: 'number' }).notNull().default(0),
    timedPages: integer('timed_pages').notNull().default(0),
    error: text('error'),
    /**
     * Hosts the crawl covers besides its start URLs' own: a start URL that redirects to its www twin
     * (or back) brings that host into the crawl, and a resumed run must know it.
     */
    scopeHosts: text('scope_hosts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Facts read once per crawl about the start host (TLS certificate, http:// entry, security.txt). */
    siteFacts: jsonb('site_facts').$type<SiteFacts>(),
    /** How often the reconciler handed this crawl back to the queue after its job went missing or ended. */
    resumes: integer('resumes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crawl_jobs_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('crawl_jobs_user_id_status_idx').on(t.userId, t.status),
    index('crawl_jobs_workspace_id_created_at_idx').on(t.workspaceId, t.createdAt.desc()),
    index('crawl_jobs_workspace_id_status_idx').on(t.workspaceId, t.status),
    index('crawl_jobs_session_id_idx').on(t.sessionId),
    /** A vendor's crawls newest first: its timeline, and the previous completed crawl a new one is compared with. */
    index('crawl_jobs_vendor_created_idx').on(t.vendorId, t.createdAt.desc()),
    /** A vendor has at most one queued or running crawl: a double submit finds the first. */
    uniqueIndex('crawl_jobs_one_active_per_vendor')
      .on(t.vendorId)
      .where(sql`${t.status} in ('queued', 'running') and ${t.kind} = 'crawl'`),
  ],
);

/**
 * pending → in_progress → done | failed (a page is stored) | redirected (the URL answered with a
 * redirect to another URL of the crawl, whose page holds the redirect chain); skipped: never fetched
 * (robots.txt), kept for the record.
 */
export const FRONTIER_STATES = ['pending', 'in_progress', 'done', 'failed', 'redirected', 'skipped'] as const;
export type FrontierState = (typeof FRONTIER_STATES)[number];

/**
 * The crawl frontier: one row per discovered page, so another worker can resume a job. `url` is the
 * canonical key (one per page); `fetch_url` the form first seen, which is the one requested.
 */
export const crawlFrontier = pgTable(
  'crawl_frontier',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => crawlJobs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    fetchUrl: text('fetch_url'),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    depth: integer('depth').notNull().default(0),
    state: text('state').$type<FrontierState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: timestamp('not_before', { withTimezone: true }),
    lastError: text('last_error'),
    discoveredFrom: text('discovered_from'),
    /** For a redirected URL: the key of the URL whose page it led to. */
    redirectedTo: text('redirected_to'),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.url] }),
    /**
     * The pending URLs in discovery order, which a claim takes the first of. Partial: a URL's row
     * changes state twice after it is added (claimed, then done), and a row that is not pending has
     * no entry here to write — the (job_id, state, seq) index it replaces (migration 0029) took a new
     * entry at every change. A query meant to use it says `state = 'pending'` as a literal, which a
     * generic plan can match to the index's predicate (a parameter it cannot).
     */
    index('crawl_frontier_pending_seq_idx')
      .on(t.jobId, t.seq)
      .where(sql`state = 'pending'`),
  ],
);

/** One fetched (or refused) page of a crawl, whichever method fetched it. */
export const crawlPages = pgTable(
  'crawl_pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => crawlJobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: workspaceIdColumn(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    finalUrl: text('final_url'),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    title: text('title'),
    description: text('description'),
    responseTimeMs: integer('response_time_ms'),
    contentHash: text('content_hash'),
    contentLength: integer('content_length'),
    linksCount: integer('links_count').notNull().default(0),
    /** The final response's headers, names lower-cased (Set-Cookie apart, in set_cookies). */
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>().notNull().default({}),
    setCookies: jsonb('set_cookies').$type<string[]>().notNull().default([]),
    redirectChain: jsonb('redirect_chain').$type<string[]>().notNull().default([]),
    /** The page's outgoing links as canonical URLs (the compliance checks follow them to find broken ones). */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** Facts read from the HTML that the compliance checks use (policy links, consent banner, mixed content …). */
    document: jsonb('document').$type<DocumentFacts>(),
    /** What only the browser method sees: requests, cookies, consent platform, accessibility results. */
    browser: jsonb('browser').$type<BrowserFacts>(),
    screenshotPath: text('screenshot_path'),
    /**
     * The page's main text (boilerplate, scripts and the vendor's ignored selectors left out), one
     * block a line, capped; PostgreSQL compresses long values itself (TOAST; lz4 where the server
     * has it, see column-compression.ts). Change detection compares it between crawls and diffs it
     * on request.
     */
    mainText: text('main_text'),
    /** SHA-256 of the main text with volatile text (dates, times, counters) masked: equal hashes, unchanged page. */
    mainTextHash: text('main_text_hash'),
    error: text('error'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crawl_pages_job_url_key').on(t.jobId, t.url),
    /*
     * Every index here is written by every stored page, the product's most frequent insert: only
     * indexes a query reads are kept. Pages are read by their job or by their workspace; the user_id
     * twins of the two below went in migration 0029 (no query reads pages by user since 0016).
     */
    /** The dashboard's answered pages per day. */
    index('crawl_pages_workspace_id_fetched_at_idx').on(t.workspaceId, t.fetchedAt),
    /**
     * A vendor's pages when the vendor moves to another workspace. Migration 0016 builds it with
     * INCLUDE (response_time_ms, status_code), which Drizzle cannot declare.
     */
    index('crawl_pages_workspace_vendor_idx').on(t.workspaceId, t.vendorId),
  ],
);
