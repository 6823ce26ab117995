import { z } from 'zod';
import { COMPLIANCE_LABELS } from './compliance';
import { CRAWL_JOB_STATUSES, CRAWL_METHODS, crawlScopeSchema } from './crawl';
import { GRADE_LETTERS } from './grades';
import { vendorProgrammeFields, vendorReviewStateSchema } from './programme';
import { isoDateTime } from './schemas/common';

/**
 * Response shapes of the API, shared by the backend and the frontend. Dates travel as ISO strings.
 * The zod schemas describe the answers (the OpenAPI document is built from them); the types are
 * inferred from them, so the two cannot disagree.
 */

export const vendorSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    url: z.string(),
    description: z.string(),
    /** The domains the user listed, primary first (host names); empty: the registrable domain of the URL alone. */
    domains: z.array(z.string()).meta({ description: 'Host names the user listed, primary first' }),
    /** The domain its email and DNS checks read first: the first listed, else the registrable domain of the URL; null with neither. */
    primaryDomain: z
      .string()
      .nullable()
      .meta({ description: 'The first listed domain, else the registrable domain of the URL; null with neither' }),
    /** DKIM selectors the user listed; without any, the DKIM check is not applicable. */
    dkimSelectors: z.array(z.string()).meta({ description: 'DKIM selectors read on every domain' }),
    ...vendorProgrammeFields,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Vendor' });
export type Vendor = z.output<typeof vendorSchema>;

/** A vendor's latest compliance assessment, as the vendor list shows it. */
export const latestComplianceSchema = z.object({ reportId: z.uuid(), rate: z.number(), label: z.enum(COMPLIANCE_LABELS) });
export type LatestCompliance = z.output<typeof latestComplianceSchema>;

/** A vendor's most recent crawl, as the vendor list shows it: its state, how far it got, why it failed. */
export const vendorLastCrawlSchema = z.object({
  id: z.uuid(),
  /** The crawl's state (the same as `status`, under the name the vendors list's filter uses). */
  state: z.enum(CRAWL_JOB_STATUSES).meta({ description: 'queued, running, completed, failed or cancelled' }),
  status: z.enum(CRAWL_JOB_STATUSES),
  method: z.enum(CRAWL_METHODS),
  progress: z.number(),
  pagesDone: z.number().int(),
  pagesPlanned: z.number().int(),
  /** The technical reason of a failed crawl (explainCrawlFailure words it). */
  error: z.string().nullable(),
  createdAt: isoDateTime,
  completionTime: isoDateTime.nullable(),
});
export type VendorLastCrawl = z.output<typeof vendorLastCrawlSchema>;

/**
 * `GET /api/vendors` items: the vendor; its latest assessment's grade, rate, label, vulnerable libraries and
 * time (each null before the first, the grade also when nothing could be judged); `compliance`, the same
 * assessment as the report list names it; and its latest crawl (null before the first).
 */
export const vendorListItemSchema = vendorSchema
  .extend({
    grade: z
      .enum(GRADE_LETTERS)
      .nullable()
      .meta({ description: "The latest assessment's overall grade; null before the first or when nothing could be judged" }),
    rate: z.number().nullable().meta({ description: "The latest assessment's compliance rate (0–100); null before the first" }),
    label: z.enum(COMPLIANCE_LABELS).nullable().meta({ description: "The latest assessment's label; null before the first" }),
    vulnerableLibraries: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Libraries with a known advisory in the latest assessed crawl; null before the first' }),
    lastAssessedAt: isoDateTime.nullable().meta({ description: 'When the latest assessment was made; null before the first' }),
    compliance: latestComplianceSchema
      .nullable()
      .meta({ description: "The vendor's latest compliance assessment; null before the first" }),
    lastCrawl: vendorLastCrawlSchema
      .nullable()
      .meta({ description: "The vendor's latest crawl (its state, progress and failure); null before the first" }),
    review: vendorReviewStateSchema.meta({ description: 'Its review status, computed when read' }),
  })
  .meta({ id: 'VendorListItem' });
export type VendorListItem = z.output<typeof vendorListItemSchema>;

export const projectSchema = z
  .object({ id: z.uuid(), name: z.string(), description: z.string(), createdAt: isoDateTime })
  .meta({ id: 'Project' });
export type Project = z.output<typeof projectSchema>;

export const projectPageSchema = z
  .object({ id: z.uuid(), projectId: z.uuid(), title: z.string(), order: z.number().int() })
  .meta({ id: 'ProjectPage' });
export type ProjectPage = z.output<typeof projectPageSchema>;

export const projectElementSchema = z
  .object({ id: z.uuid(), pageId: z.uuid(), type: z.string(), content: z.string(), order: z.number().int() })
  .meta({ id: 'ProjectElement' });
export type ProjectElement = z.output<typeof projectElementSchema>;

/** Every error the API returns has this body; `errors` lists field problems for a 400. */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError', description: 'Every error of /api; `errors` lists the field problems of a 400.' });
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

export const AUTH_EMAIL_DELIVERIES = ['sent', 'logged', 'not-sent'] as const;
export type AuthEmailDelivery = (typeof AUTH_EMAIL_DELIVERIES)[number];

/**
 * Answer of `GET /api/public-config`: what the browser needs to start its auth client.
 * `supabaseUrl` is null when the backend's embedded auth (same origin, /auth/v1) is in use.
 */
export const publicConfigSchema = z
  .object({
    supabaseUrl: z.string().nullable(),
    supabaseAnonKey: z.string(),
    /**
     * What becomes of the sign-up confirmation email: sent (SMTP, or the hosted project's own mail),
     * written to the server's log (development without SMTP), or not sent at all.
     */
    authEmails: z.enum(AUTH_EMAIL_DELIVERIES),
    /** Single sign-on with the company's OpenID Connect provider (issue 42): the sign-in button's name, or null. */
    oidc: z.object({ name: z.string() }).nullable().optional(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.output<typeof publicConfigSchema>;

export const crawlerConfigSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(['scrapingbee', 'custom']),
    /** Never the whole key: `••••` and its last four characters. */
    apiKeyMasked: z.string(),
    apiEndpoint: z.string(),
    options: z.record(z.string(), z.unknown()),
    isActive: z.boolean(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'CrawlerConfig' });
export type CrawlerConfig = z.output<typeof crawlerConfigSchema>;

export const scrapingCreditsSchema = z.object({ max: z.number(), used: z.number(), remaining: z.number() });
export type ScrapingCredits = z.output<typeof scrapingCreditsSchema>;

/** `GET /api/scrapingbee/test`: whether the workspace's active configuration reaches ScrapingBee, and its credits. */
export const proxyTestResultSchema = z
  .object({ success: z.boolean(), message: z.string(), credits: z.number().nullable() })
  .meta({ id: 'ProxyTestResult' });
export type ProxyTestResult = z.output<typeof proxyTestResultSchema>;

export const connectionTestResultSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    credits: scrapingCreditsSchema.nullable(),
    /** The URL that was called, with the key masked: as sent (encoded) and readable (decoded). */
    testUrl: z.object({ encoded: z.string(), decoded: z.string() }),
  })
  .meta({ id: 'ConnectionTestResult' });
export type ConnectionTestResult = z.output<typeof connectionTestResultSchema>;

export const scrapeResultSchema = z
  .object({ success: z.boolean(), message: z.string(), pageSource: z.string().nullable(), credits: z.number().nullable() })
  .meta({ id: 'ScrapeResult' });
export type ScrapeResult = z.output<typeof scrapeResultSchema>;

/** GET/PUT /api/vendors/:id/crawler-settings. `saved: false` — the defaults with the vendor's URL. */
export const vendorCrawlerSettingsSchema = z
  .object({ vendorId: z.uuid(), saved: z.boolean(), ...crawlScopeSchema.shape })
  .meta({ id: 'VendorCrawlerSettings' });
export type VendorCrawlerSettings = z.output<typeof vendorCrawlerSettingsSchema>;

/** GET /api/dashboard/summary: the caller's own figures. */
export const dashboardSummarySchema = z
  .object({
    totalVendors: z.number().int(),
    crawledVendors: z.number().int(),
    totalCrawls: z.number().int(),
    completedCrawls: z.number().int(),
    /** Mean response time over the caller's answered pages, in ms; null before any page was crawled. */
    averageResponseTime: z.number().nullable(),
    /** Pages stored over all the caller's crawls (answered or not): the pages their crawl lists show. */
    totalPages: z.number().int(),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.output<typeof dashboardSummarySchema>;

/**
 * GET /api/dashboard/charts: the last 30 days (UTC days, oldest first) and response times per vendor.
 * `complianceRate` is the mean rate of the assessments made that day; null on a day without any.
 */
export const dashboardChartsSchema = z
  .object({
    days: z.array(
      z.object({
        date: z.string(),
        completed: z.number().int(),
        failed: z.number().int(),
        cancelled: z.number().int(),
        pages: z.number().int(),
        complianceRate: z.number().nullable(),
      }),
    ),
    responseTimeByVendor: z.array(
      z.object({ vendorId: z.string(), vendorName: z.string(), averageMs: z.number(), pages: z.number().int() }),
    ),
  })
  .meta({ id: 'DashboardCharts' });
export type DashboardCharts = z.output<typeof dashboardChartsSchema>;

const serviceStatus = z.enum(['ok', 'down']);

/** `GET /api/health`: the database, Redis, the queue and the crawl workers. */
export const healthReportSchema = z
  .object({
    success: z.boolean(),
    message: z.string(),
    services: z.object({
      database: z.object({ status: serviceStatus }),
      redis: z.object({ status: serviceStatus }),
      queue: z.object({ status: serviceStatus, waiting: z.number().int().optional(), active: z.number().int().optional() }),
      puppeteer: z.object({
        status: z.enum(['ok', 'degraded', 'down']),
        workers: z.number().int(),
        browsersOk: z.number().int(),
      }),
      /** Each live worker process: crawls running, the concurrency its autoscaler wants, and its upper bound. */
      workers: z.array(
        z.object({
          id: z.string(),
          running: z.number().int(),
          desiredConcurrency: z.number().int(),
          maxConcurrency: z.number().int(),
          overloaded: z.array(z.string()),
        }),
      ),
    }),
    metrics: z.object({ responseTime: z.number() }),
  })
  .meta({ id: 'HealthReport' });
export type HealthReport = z.output<typeof healthReportSchema>;
