import { z } from 'zod';
import { CRAWL_JOB_STATUSES, CRAWL_METHODS } from '../crawl';
import { DEFAULT_CRAWL_RUN_SETTINGS, LIMITS } from '../limits';
import { fill, formatMessage, MESSAGES } from '../messages';
import { isHttpUrl, listWindowQuerySchema, pageLimitQuery, pageQuery } from './common';

const MAX_RETRIES_INVALID = fill(MESSAGES.crawls.maxRetriesInvalid, LIMITS.maxRetries);
const WAIT_TIME_INVALID = fill(MESSAGES.crawls.waitTimeInvalid, LIMITS.waitTimeMs);

/** The settings of how a crawl behaves (`CrawlRunSettings`) as a request sends them; what it leaves out takes the defaults. */
export const crawlRunSettingsInputSchema = z.object({
  simulateHumanBehavior: z.boolean().default(DEFAULT_CRAWL_RUN_SETTINGS.simulateHumanBehavior),
  useProxy: z.boolean().default(DEFAULT_CRAWL_RUN_SETTINGS.useProxy),
  takeScreenshots: z.boolean().default(DEFAULT_CRAWL_RUN_SETTINGS.takeScreenshots),
  maxRetries: z
    .number({ error: MAX_RETRIES_INVALID })
    .int({ error: MAX_RETRIES_INVALID })
    .min(LIMITS.maxRetries.min, { error: MAX_RETRIES_INVALID })
    .max(LIMITS.maxRetries.max, { error: MAX_RETRIES_INVALID })
    .default(DEFAULT_CRAWL_RUN_SETTINGS.maxRetries),
  waitTime: z
    .number({ error: WAIT_TIME_INVALID })
    .int()
    .min(LIMITS.waitTimeMs.min, { error: WAIT_TIME_INVALID })
    .max(LIMITS.waitTimeMs.max, { error: WAIT_TIME_INVALID })
    .multipleOf(LIMITS.waitTimeMs.step, { error: WAIT_TIME_INVALID })
    .default(DEFAULT_CRAWL_RUN_SETTINGS.waitTime),
});

const apiKey = z
  .string({ error: MESSAGES.crawls.apiKeyRequiredToStartJob })
  .trim()
  .min(1, { error: MESSAGES.crawls.apiKeyEmpty })
  .max(LIMITS.crawlerConfig.apiKeyMaxLength, {
    error: formatMessage.inputTooLong('API key', LIMITS.crawlerConfig.apiKeyMaxLength),
  });

/** Sent by the spec's clients and not used: the signed-in user is the token's. */
const userEmail = z
  .string()
  .max(LIMITS.auth.emailMaxLength, { error: formatMessage.inputTooLong('user_email', LIMITS.auth.emailMaxLength) })
  .optional();

/** POST /api/crawls. `api_key` (top level or in settings) is accepted as the spec's clients send it. */
export const startCrawlSchema = z.object({
  vendorId: z.uuid({ error: MESSAGES.crawls.vendorRequired }),
  method: z.enum(CRAWL_METHODS, { error: MESSAGES.crawls.invalidMethod }),
  settings: crawlRunSettingsInputSchema.extend({ api_key: apiKey.optional() }).default(crawlRunSettingsInputSchema.parse({})),
  api_key: apiKey.optional(),
  user_email: userEmail,
});
export type StartCrawl = z.output<typeof startCrawlSchema>;

/** POST /api/crawls/test: one URL, now. */
export const testCrawlSchema = z.object({
  url: z
    .string({ error: MESSAGES.crawls.enterValidUrl })
    .trim()
    .max(LIMITS.urlMaxLength, { error: formatMessage.inputTooLong('URL', LIMITS.urlMaxLength) })
    .refine(isHttpUrl, { error: MESSAGES.crawls.enterValidUrl }),
  method: z.enum(CRAWL_METHODS, { error: MESSAGES.crawls.invalidMethod }).default('puppeteer'),
  settings: crawlRunSettingsInputSchema.default(crawlRunSettingsInputSchema.parse({})),
  user_email: userEmail,
});
export type TestCrawl = z.output<typeof testCrawlSchema>;

const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: MESSAGES.crawls.datesIso });

/** GET /api/crawls query: filters and pagination. */
export const crawlHistoryQuerySchema = z.object({
  vendorId: z.uuid({ error: MESSAGES.crawls.vendorIdInvalid }).optional(),
  status: z.enum(CRAWL_JOB_STATUSES, { error: MESSAGES.crawls.unknownStatus }).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: pageQuery,
  limit: pageLimitQuery,
});
export type CrawlHistoryQuery = z.output<typeof crawlHistoryQuerySchema>;

export const paginationQuerySchema = z.object({
  page: pageQuery,
  limit: pageLimitQuery,
});

/** POST /api/edge-functions/start-crawler: the crawler page's session crawl of one vendor. */
export const startSessionSchema = z.object({
  vendor_id: z.uuid({ error: MESSAGES.crawls.vendorRequired }),
  session_id: z.uuid({ error: MESSAGES.crawls.sessionIdInvalid }),
  method: z.enum(CRAWL_METHODS, { error: MESSAGES.crawls.invalidMethod }).optional(),
  api_key: apiKey.optional(),
  user_email: userEmail,
});
export type StartSession = z.output<typeof startSessionSchema>;

/**
 * The crawler page names its crawl by the session it started, or — for the vendor's crawl started
 * elsewhere (the vendors list, a schedule), which it follows too — by the job's id: one of the two.
 */
const sessionOrJob = {
  session_id: z.uuid({ error: MESSAGES.crawls.sessionIdInvalid }).optional(),
  job_id: z.uuid({ error: MESSAGES.crawls.jobIdInvalid }).optional(),
};
const exactlyOne = ({ session_id, job_id }: { session_id?: string; job_id?: string }) =>
  (session_id === undefined) !== (job_id === undefined);
/** Which crawl a crawler-page call is about. */
export type CrawlSessionRef = { sessionId: string } | { jobId: string };
const toRef = ({ session_id, job_id }: { session_id?: string; job_id?: string }): CrawlSessionRef =>
  session_id !== undefined ? { sessionId: session_id } : { jobId: job_id! };

export const stopSessionSchema = z
  .object({ ...sessionOrJob, user_email: userEmail })
  .refine(exactlyOne, { error: MESSAGES.crawls.sessionOrJobRequired })
  .transform(toRef);

export const sessionResultsQuerySchema = listWindowQuerySchema
  .extend(sessionOrJob)
  .refine(exactlyOne, { error: MESSAGES.crawls.sessionOrJobRequired })
  .transform(({ offset, limit, ...ref }) => ({ window: { offset, limit }, crawl: toRef(ref) }));
