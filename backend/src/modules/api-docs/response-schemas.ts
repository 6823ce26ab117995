import {
  AUTH_EMAIL_DELIVERIES,
  CHECK_GROUPS,
  CHECK_OUTCOMES,
  CHECK_SEVERITIES,
  COMPLIANCE_LABELS,
  CRAWL_JOB_STATUSES,
  CRAWL_METHODS,
  SCHEDULE_KINDS,
  SCHEDULE_RUN_OUTCOMES,
  VENDOR_REPORT_STATES,
  type ScheduleOverview,
  type ScheduleRun,
  type VendorSchedule,
  type AccountSession,
  type ApiErrorBody,
  type ConnectionTestResult,
  type CrawlerConfig,
  type CrawlJob,
  type CrawlPage,
  type DashboardCharts,
  type DashboardSummary,
  type Project,
  type ProjectElement,
  type ProjectPage,
  type PublicConfig,
  type ReportDetail,
  type ReportsOverview,
  type ReportSummary,
  type ScrapeResult,
  type TestCrawlResult,
  type Vendor,
  type VendorCrawlerSettings,
  type VendorListItem,
  type ProxyTestResult,
} from '@vendorwatch/contracts';
import { z } from 'zod';
import { describes, isoDate } from './describes';
import type { EnrolledFactor, IssuedChallenge } from '../auth-server/factors.service';
import type { TokenResponse } from '../auth-server/sessions.service';
import type { GoTrueUser } from '../auth-server/user-view.service';
import type { HealthReport } from '../health/health.service';
import { gradesSchema } from './inventory-response-schemas';

/**
 * The shapes the API answers with, as zod schemas for the OpenAPI document. The TypeScript types
 * the code returns stay the truth: `describes<T>()` fails to compile when a schema and its type
 * disagree (a field added, renamed or retyped on one side only).
 */
const nullableIso = isoDate.nullable();
const uuid = z.uuid();

export const apiErrorSchema = describes<ApiErrorBody>()(
  z
    .object({
      statusCode: z.number().int(),
      message: z.string(),
      errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    })
    .meta({ id: 'ApiError', description: 'Every error of /api; `errors` lists the field problems of a 400.' }),
);

/** Errors of /auth/v1, in Supabase Auth's shape (auth-js reads `code` and `message`). */
export const authErrorSchema = z
  .object({
    code: z.string(),
    error_code: z.string(),
    message: z.string(),
    msg: z.string(),
    weak_password: z.object({ reasons: z.array(z.string()) }).optional(),
  })
  .meta({ id: 'AuthError' });

export const vendorSchema = describes<Vendor>()(
  z
    .object({
      id: uuid,
      name: z.string(),
      url: z.string(),
      description: z.string(),
      domains: z.array(z.string()).meta({ description: 'Host names the user listed, primary first' }),
      primaryDomain: z
        .string()
        .nullable()
        .meta({ description: 'The first listed domain, else the registrable domain of the URL; null with neither' }),
      dkimSelectors: z.array(z.string()).meta({ description: 'DKIM selectors read on every domain' }),
      createdAt: isoDate,
      updatedAt: isoDate,
    })
    .meta({ id: 'Vendor' }),
);

export const vendorListItemSchema = describes<VendorListItem>()(
  vendorSchema
    .extend({
      compliance: z
        .object({ reportId: uuid, rate: z.number(), label: z.enum(COMPLIANCE_LABELS) })
        .nullable()
        .meta({ description: "The vendor's latest compliance assessment; null before the first" }),
      lastCrawl: z
        .object({
          id: uuid,
          status: z.enum(CRAWL_JOB_STATUSES),
          method: z.enum(CRAWL_METHODS),
          progress: z.number(),
          pagesDone: z.number().int(),
          pagesPlanned: z.number().int(),
          error: z.string().nullable(),
          createdAt: isoDate,
          completionTime: nullableIso,
        })
        .nullable()
        .meta({ description: "The vendor's latest crawl (its state, progress and failure); null before the first" }),
    })
    .meta({ id: 'VendorListItem' }),
);

export const projectSchema = describes<Project>()(
  z.object({ id: uuid, name: z.string(), description: z.string(), createdAt: isoDate }).meta({ id: 'Project' }),
);
export const projectPageSchema = describes<ProjectPage>()(
  z.object({ id: uuid, projectId: uuid, title: z.string(), order: z.number().int() }).meta({ id: 'ProjectPage' }),
);
export const projectElementSchema = describes<ProjectElement>()(
  z
    .object({ id: uuid, pageId: uuid, type: z.string(), content: z.string(), order: z.number().int() })
    .meta({ id: 'ProjectElement' }),
);

export const publicConfigSchema = describes<PublicConfig>()(
  z
    .object({ supabaseUrl: z.string().nullable(), supabaseAnonKey: z.string(), authEmails: z.enum(AUTH_EMAIL_DELIVERIES) })
    .meta({ id: 'PublicConfig' }),
);

export const crawlerConfigSchema = describes<CrawlerConfig>()(
  z
    .object({
      id: uuid,
      name: z.string(),
      type: z.enum(['scrapingbee', 'custom']),
      apiKeyMasked: z.string(),
      apiEndpoint: z.string(),
      options: z.record(z.string(), z.unknown()),
      isActive: z.boolean(),
      createdAt: isoDate,
      updatedAt: isoDate,
    })
    .meta({ id: 'CrawlerConfig' }),
);

const creditsSchema = z.object({ max: z.number(), used: z.number(), remaining: z.number() });
export const connectionTestSchema = describes<ConnectionTestResult>()(
  z
    .object({
      success: z.boolean(),
      message: z.string(),
      credits: creditsSchema.nullable(),
      testUrl: z.object({ encoded: z.string(), decoded: z.string() }),
    })
    .meta({ id: 'ConnectionTestResult' }),
);
export const proxyTestSchema = describes<ProxyTestResult>()(
  z.object({ success: z.boolean(), message: z.string(), credits: z.number().nullable() }).meta({ id: 'ProxyTestResult' }),
);
export const scrapeResultSchema = describes<ScrapeResult>()(
  z
    .object({ success: z.boolean(), message: z.string(), pageSource: z.string().nullable(), credits: z.number().nullable() })
    .meta({ id: 'ScrapeResult' }),
);

export const vendorCrawlerSettingsSchema = describes<VendorCrawlerSettings>()(
  z
    .object({
      vendorId: uuid,
      saved: z.boolean(),
      maxPages: z.number().int(),
      crawlDelay: z.number().int(),
      startUrls: z.array(z.string()),
      allowedDomains: z.array(z.string()),
      excludePatterns: z.array(z.string()),
      keepQueryParams: z.array(z.string()),
      ignoreSelectors: z.array(z.string()),
      ignoreTextPatterns: z.array(z.string()),
    })
    .meta({ id: 'VendorCrawlerSettings' }),
);

export const crawlJobSchema = describes<CrawlJob>()(
  z
    .object({
      id: uuid,
      vendorId: uuid.nullable(),
      vendorName: z.string().nullable(),
      sessionId: z.string().nullable(),
      method: z.enum(CRAWL_METHODS),
      status: z.enum(CRAWL_JOB_STATUSES),
      targetUrl: z.string(),
      progress: z.number(),
      pagesDone: z.number().int(),
      pagesPlanned: z.number().int(),
      pagesAnswered: z.number().int(),
      creditsUsed: z.number(),
      error: z.string().nullable(),
      settings: z
        .object({
          simulateHumanBehavior: z.boolean(),
          useProxy: z.boolean(),
          takeScreenshots: z.boolean(),
          maxRetries: z.number().int(),
          waitTime: z.number().int(),
          startUrls: z.array(z.string()),
          maxPages: z.number().int(),
          crawlDelay: z.number().int(),
          allowedDomains: z.array(z.string()),
          excludePatterns: z.array(z.string()),
          keepQueryParams: z.array(z.string()),
          ignoreSelectors: z.array(z.string()),
          ignoreTextPatterns: z.array(z.string()),
        })
        .partial(),
      reportId: uuid.nullable().meta({ description: 'The compliance report of a completed crawl, once assessed' }),
      createdAt: isoDate,
      startTime: nullableIso,
      completionTime: nullableIso,
    })
    .meta({ id: 'CrawlJob' }),
);

export const crawlPageSchema = describes<CrawlPage>()(
  z
    .object({
      id: uuid,
      jobId: uuid,
      url: z.string(),
      finalUrl: z.string().nullable(),
      statusCode: z.number().int().nullable(),
      contentType: z.string().nullable(),
      title: z.string().nullable(),
      description: z.string().nullable(),
      responseTimeMs: z.number().nullable(),
      contentHash: z.string().nullable(),
      linksCount: z.number().int(),
      securityHeaders: z.record(z.string(), z.string()),
      redirectChain: z.array(z.string()),
      screenshotUrl: z.string().nullable(),
      error: z.string().nullable(),
      fetchedAt: isoDate,
    })
    .meta({ id: 'CrawlPage' }),
);

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const testCrawlResultSchema = describes<TestCrawlResult>()(
  z
    .object({
      screenshot: z.string().nullable().meta({ description: 'PNG as a data: URL, when screenshots were asked for' }),
      data: z.object({
        url: z.string(),
        finalUrl: z.string().nullable(),
        statusCode: z.number().int().nullable(),
        title: z.string().nullable(),
        description: z.string().nullable(),
        responseTimeMs: z.number().nullable(),
        links: z.array(z.string()),
        headers: z.record(z.string(), z.string()),
        error: z.string().nullable(),
      }),
    })
    .meta({ id: 'TestCrawlResult' }),
);

export const dashboardSummarySchema = describes<DashboardSummary>()(
  z
    .object({
      totalVendors: z.number().int(),
      crawledVendors: z.number().int(),
      totalCrawls: z.number().int(),
      completedCrawls: z.number().int(),
      averageResponseTime: z.number().nullable(),
      totalPages: z.number().int(),
    })
    .meta({ id: 'DashboardSummary' }),
);
export const dashboardChartsSchema = describes<DashboardCharts>()(
  z
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
    .meta({ id: 'DashboardCharts' }),
);

export const accountSessionSchema = describes<AccountSession>()(
  z
    .object({
      id: uuid,
      createdAt: isoDate,
      lastActiveAt: isoDate,
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
      aal: z.string(),
      current: z.boolean(),
    })
    .meta({ id: 'AccountSession' }),
);

const serviceStatus = z.enum(['ok', 'down']);
export const healthSchema = describes<HealthReport>()(
  z
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
    .meta({ id: 'HealthReport' }),
);

const metadata = z.record(z.string(), z.unknown());
export const goTrueUserSchema = describes<GoTrueUser>()(
  z
    .object({
      id: uuid,
      aud: z.string(),
      role: z.string(),
      email: z.string(),
      phone: z.string(),
      email_confirmed_at: isoDate.optional(),
      confirmed_at: isoDate.optional(),
      confirmation_sent_at: isoDate.optional(),
      last_sign_in_at: isoDate.optional(),
      app_metadata: metadata,
      user_metadata: metadata,
      identities: z.array(metadata),
      factors: z.array(metadata).optional(),
      created_at: isoDate,
      updated_at: isoDate,
      is_anonymous: z.boolean(),
    })
    .meta({ id: 'AuthUser' }),
);
export const tokenResponseSchema = describes<TokenResponse>()(
  z
    .object({
      access_token: z.string(),
      token_type: z.literal('bearer'),
      expires_in: z.number().int(),
      expires_at: z.number().int(),
      refresh_token: z.string(),
      user: goTrueUserSchema,
    })
    .meta({ id: 'AuthSession' }),
);
export const enrolledFactorSchema = describes<EnrolledFactor>()(
  z
    .object({
      id: uuid,
      type: z.literal('totp'),
      friendly_name: z.string(),
      totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
    })
    .meta({ id: 'EnrolledFactor' }),
);
export const challengeSchema = describes<IssuedChallenge>()(
  z.object({ id: uuid, type: z.string(), expires_at: z.number().int() }).meta({ id: 'MfaChallenge' }),
);
export const jwksSchema = z
  .object({ keys: z.array(z.record(z.string(), z.unknown())) })
  .meta({ id: 'Jwks', description: 'The public keys access tokens are signed with (ES256).' });

const severityCounts = z.object(
  Object.fromEntries(CHECK_SEVERITIES.map((severity) => [severity, z.number().int()])),
) as z.ZodObject<Record<(typeof CHECK_SEVERITIES)[number], z.ZodNumber>>;
export const reportSummarySchema = describes<ReportSummary>()(
  z
    .object({
      id: uuid,
      jobId: uuid,
      vendorId: uuid.nullable(),
      vendorName: z.string().nullable(),
      method: z.string(),
      targetUrl: z.string(),
      assessedAt: isoDate,
      crawlCompletedAt: nullableIso,
      rate: z.number().min(0).max(100),
      label: z.enum(COMPLIANCE_LABELS),
      counts: z.object({
        pass: z.number().int(),
        fail: z.number().int(),
        warn: z.number().int(),
        notApplicable: z.number().int(),
      }),
      failures: severityCounts,
      pagesChecked: z.number().int(),
    })
    .meta({ id: 'ReportSummary' }),
);
export const reportDetailSchema = describes<ReportDetail>()(
  reportSummarySchema
    .extend({
      catalogueVersion: z.string(),
      grades: gradesSchema,
      checks: z.array(
        z.object({
          checkId: z.string(),
          group: z.enum(CHECK_GROUPS),
          severity: z.enum(CHECK_SEVERITIES),
          outcome: z.enum(CHECK_OUTCOMES),
          title: z.string(),
          summary: z.string(),
          whyItMatters: z.string(),
          howToFix: z.string(),
          evidence: z.array(z.object({ url: z.string().nullable(), pageId: uuid.nullable(), detail: z.string() })),
          evidenceTotal: z.number().int(),
          evaluated: z.boolean().meta({
            description:
              'false: the crawl did not collect what decides the check (its method cannot, or it did not reach the fact)',
          }),
        }),
      ),
      notEvaluatedByMethod: z.array(z.string()),
      pagesWithScreenshot: z.array(uuid).meta({ description: "Ids of the evidence's pages that have a screenshot" }),
    })
    .meta({ id: 'ReportDetail' }),
);
export const reportsOverviewSchema = describes<ReportsOverview>()(
  z
    .object({
      vendorsInScope: z.number().int(),
      vendorsAssessed: z.number().int(),
      vendorsNotAssessed: z.number().int(),
      vendorsCrawlFailed: z.number().int(),
      averageRate: z.number().nullable(),
      pagesChecked: z.number().int(),
      openFailures: severityCounts,
      vendors: z.array(
        z.object({
          vendorId: uuid,
          vendorName: z.string(),
          vendorUrl: z.string(),
          state: z.enum(VENDOR_REPORT_STATES),
          latestReportId: uuid.nullable(),
          rate: z.number().nullable(),
          label: z.enum(COMPLIANCE_LABELS).nullable(),
          method: z.string().nullable(),
          lastAssessedAt: nullableIso,
          trend: z.array(z.object({ assessedAt: isoDate, crawledAt: isoDate, rate: z.number() })),
          lastCrawl: z
            .object({
              jobId: uuid,
              status: z.enum(CRAWL_JOB_STATUSES),
              method: z.string(),
              at: isoDate,
              failure: z.object({ summary: z.string(), detail: z.string().nullable() }).nullable(),
            })
            .nullable()
            .meta({ description: 'The latest crawl of the period when it is not the assessed one (failed, cancelled, running)' }),
        }),
      ),
    })
    .meta({ id: 'ReportsOverview' }),
);

const scheduleSettingsFields = {
  kind: z.enum(SCHEDULE_KINDS),
  minute: z.number().int(),
  time: z.string(),
  weekday: z.number().int(),
  cron: z.string(),
  everySeconds: z.number().int(),
  timezone: z.string(),
  method: z.enum(CRAWL_METHODS),
  settings: z.object({
    simulateHumanBehavior: z.boolean(),
    useProxy: z.boolean(),
    takeScreenshots: z.boolean(),
    maxRetries: z.number().int(),
    waitTime: z.number().int(),
  }),
};

export const vendorScheduleSchema = describes<VendorSchedule>()(
  z
    .object({
      vendorId: uuid,
      ...scheduleSettingsFields,
      nextRunAt: nullableIso,
      paused: z.boolean(),
      updatedAt: nullableIso,
    })
    .meta({ id: 'VendorSchedule' }),
);

export const scheduleOverviewSchema = describes<ScheduleOverview>()(
  z
    .object({
      paused: z.boolean(),
      schedules: z.array(z.object({ vendorId: uuid, kind: z.enum(SCHEDULE_KINDS), nextRunAt: nullableIso })),
    })
    .meta({ id: 'ScheduleOverview' }),
);

export const scheduleRunSchema = describes<ScheduleRun>()(
  z
    .object({
      id: uuid,
      scheduledFor: isoDate,
      outcome: z.enum(SCHEDULE_RUN_OUTCOMES),
      reason: z.string().nullable(),
      crawlJobId: uuid.nullable(),
      createdAt: isoDate,
    })
    .meta({ id: 'ScheduleRun' }),
);
