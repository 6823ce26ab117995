import type { ZodType } from 'zod';
import type { RouteDoc } from './route-doc';
import { z } from 'zod';
import {
  alertChannelSchema,
  alertDeliverySchema,
  alertRuleSchema,
  confirmedAlertEmailSchema,
  crawlChangesSchema,
  createdAlertChannelSchema,
  pageChangeDiffSchema,
  timelineEntrySchema,
  accountSessionSchema,
  mfaChallengeSchema,
  recoveryCodesSchema,
  connectionTestResultSchema,
  crawlerConfigSchema,
  crawlJobSchema,
  crawlPageSchema,
  dashboardChartsSchema,
  dashboardSummarySchema,
  enrolledFactorSchema,
  goTrueUserSchema,
  healthReportSchema,
  jwksSchema,
  paginatedSchema,
  projectElementSchema,
  projectPageSchema,
  projectSchema,
  proxyTestResultSchema,
  publicConfigSchema,
  reportDetailSchema,
  reportsOverviewSchema,
  reportSummarySchema,
  scheduleOverviewSchema,
  scheduleRunSchema,
  scrapeResultSchema,
  testCrawlResultSchema,
  tokenResponseSchema,
  vendorCrawlerSettingsSchema,
  vendorListItemSchema,
  vendorListPageSchema,
  vendorImportResultSchema,
  moveVendorsResultSchema,
  vendorScheduleSchema,
  vendorSchema,
} from '@vendorwatch/contracts';
import { INVENTORY_ROUTE_DOCS } from './inventory-route-docs';
import { PROGRAMME_OVERVIEW_ROUTE_DOCS } from './programme-overview-route-docs';
import { PROGRAMME_ROUTE_DOCS } from './programme-route-docs';
import { RISK_ACCEPTANCE_ROUTE_DOCS } from './risk-acceptance-route-docs';
import { QUESTIONNAIRE_ROUTE_DOCS } from './questionnaire-route-docs';
import { TEAMS_ROUTE_DOCS } from './teams-route-docs';
import { REMEDIATION_ROUTE_DOCS } from './remediation-route-docs';

export type { RouteDoc } from './route-doc';

const list = <T extends ZodType>(item: T) => z.array(item);
const deleted = { summary: '', response: null } satisfies RouteDoc;
const rateLimited = { 429: 'Too many attempts from this address; try again later' };
/** The per-user limits (fair use): Retry-After says when the next request counts. */
const userRateLimited = { 429: "Over the caller's limit for this kind of request; Retry-After says when to try again" };

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': {
    summary: 'Health of the database, Redis, the queue and the crawl workers',
    response: healthReportSchema,
    alsoStatus: { 503: 'The database or Redis is down (same body, success false)' },
  },
  'GET /api/public-config': { summary: 'What the browser needs to start its auth client', response: publicConfigSchema },
  'GET /api/account/sessions': { summary: "The caller's signed-in sessions", response: list(accountSessionSchema) },

  'GET /api/vendors': {
    summary:
      "One page of the workspace's vendors with each one's grade, rate, label, vulnerable libraries, last assessment and last crawl: searched (q: name, URL or domain), sorted, filtered by grade, label and crawl state ('none': without one); newest first by default, the whole workspace in one page unless limit says less",
    response: vendorListPageSchema,
  },
  'GET /api/vendors/import/template': {
    summary:
      'The import file to fill in (format=csv or xlsx): the columns name, url, domains, dkim selectors, description and one example',
    response: z.string().meta({ format: 'binary' }),
    contentType: 'text/csv',
    status: 200,
  },
  'POST /api/vendors/import': {
    summary:
      'Add vendors from a CSV or Excel file (multipart field "file"), all or nothing: 400 names every bad row and column; rows whose URL a vendor already has are skipped and listed',
    response: vendorImportResultSchema,
    errors: {
      400: 'A row is invalid (errors: row, column, reason) or the file cannot be read',
      409: 'The file would take the workspace past VENDORS_PER_USER',
    },
  },
  'POST /api/vendors/move': {
    summary:
      'Move vendors to another workspace with their crawls, assessments, schedules, settings, reviews, requests, documents and risk acceptances (admin or owner of both workspaces); audited in both',
    response: moveVendorsResultSchema,
    errors: {
      403: 'Not admin or owner of both workspaces',
      409: 'A vendor is being crawled, or the destination would exceed VENDORS_PER_USER',
    },
  },
  'GET /api/vendors/:id': {
    summary: 'One vendor, with its grade, rate, label, vulnerable libraries, last assessment and last crawl (as its list row)',
    response: vendorListItemSchema,
  },
  'POST /api/vendors': {
    summary: 'Add a vendor (a bare domain such as acme.com is stored as https://acme.com/)',
    response: vendorSchema,
    errors: { 409: 'The workspace already keeps VENDORS_PER_USER vendors' },
  },
  'PUT /api/vendors/:id': { summary: 'Change a vendor', response: vendorSchema },
  'DELETE /api/vendors/:id': { ...deleted, summary: 'Delete a vendor with its crawls and settings' },
  'GET /api/vendors/:vendorId/crawler-settings': {
    summary: "A vendor's crawl settings (the defaults with the vendor's URL until saved)",
    response: vendorCrawlerSettingsSchema,
  },
  'PUT /api/vendors/:vendorId/crawler-settings': {
    summary: "Save a vendor's crawl settings",
    response: vendorCrawlerSettingsSchema,
  },
  'GET /api/vendors/:id/schedule': {
    summary: "A vendor's re-crawl schedule and its next run (off until saved)",
    response: vendorScheduleSchema,
  },
  'PUT /api/vendors/:id/schedule': {
    summary: "Save a vendor's re-crawl schedule",
    description:
      'Off, hourly (at a minute), daily or weekly (at a time), a five-field cron expression, or an interval in seconds, ' +
      'read in an IANA time zone; runs crawl with the given method and settings. A schedule may run at most once per ' +
      'SCHEDULE_MIN_INTERVAL_SECONDS (an hour unless the operator lowered it).',
    response: vendorScheduleSchema,
  },
  'GET /api/vendors/:id/schedule/runs': {
    summary: "The latest runs of a vendor's schedule: the crawl each started, or why it was skipped",
    response: list(scheduleRunSchema),
  },
  'GET /api/schedules': {
    summary: "The user's pause switch and the next run of each vendor's schedule",
    response: scheduleOverviewSchema,
  },
  'PUT /api/schedules/pause': {
    summary: "Pause or resume every one of the user's schedules",
    response: scheduleOverviewSchema,
  },

  'GET /api/projects': { summary: 'Projects, newest first', response: list(projectSchema) },
  'GET /api/projects/:id': { summary: 'One project', response: projectSchema },
  'POST /api/projects': { summary: 'Add a project', response: projectSchema },
  'PUT /api/projects/:id': { summary: 'Change a project', response: projectSchema },
  'DELETE /api/projects/:id': { ...deleted, summary: 'Delete a project with its pages and elements' },
  'GET /api/projects/:id/pages': { summary: "A project's pages, by order", response: list(projectPageSchema) },
  'POST /api/projects/:id/pages': { summary: 'Add a page to a project', response: projectPageSchema },
  'PUT /api/pages/:id': { summary: 'Change a page', response: projectPageSchema },
  'DELETE /api/pages/:id': { ...deleted, summary: 'Delete a page with its elements' },
  'GET /api/pages/:id/elements': { summary: "A page's elements, by order", response: list(projectElementSchema) },
  'POST /api/pages/:id/elements': { summary: 'Add an element to a page', response: projectElementSchema },
  'PUT /api/elements/:id': { summary: 'Change an element', response: projectElementSchema },
  'DELETE /api/elements/:id': { ...deleted, summary: 'Delete an element' },

  'GET /api/crawler-configs': {
    summary: "The caller's scraping API configurations (keys masked)",
    response: list(crawlerConfigSchema),
  },
  'POST /api/crawler-configs': { summary: 'Add a scraping API configuration', response: crawlerConfigSchema },
  'POST /api/crawler-configs/test': {
    summary: 'Test a key and endpoint, or a saved configuration, against the scraping API',
    response: connectionTestResultSchema,
    errors: userRateLimited,
  },
  'PUT /api/crawler-configs/:id': {
    summary: 'Change a configuration (leave the key out to keep it)',
    response: crawlerConfigSchema,
  },
  'POST /api/crawler-configs/:id/activate': { summary: 'Make a configuration the active one', response: crawlerConfigSchema },
  'DELETE /api/crawler-configs/:id': { ...deleted, summary: 'Delete a configuration' },
  'GET /api/scrapingbee/test': {
    summary: "Test the caller's active scraping API configuration",
    response: proxyTestResultSchema,
    errors: userRateLimited,
  },
  'POST /api/scrapingbee/scrape': {
    summary: "Fetch one page through the scraping API with the caller's key",
    response: scrapeResultSchema,
    errors: userRateLimited,
  },

  'POST /api/crawls': {
    summary: "Start a crawl of a vendor's site",
    response: crawlJobSchema,
    alsoStatus: { 200: 'The vendor already has a crawl queued or running: that one' },
    errors: { 409: 'The crawl could not be started', ...userRateLimited },
  },
  'POST /api/crawls/test': {
    summary: 'Crawl one URL now and return what was found',
    response: testCrawlResultSchema,
    errors: { 502: 'The test crawl failed or timed out', ...userRateLimited },
  },
  'GET /api/crawls/status': { summary: "The caller's queued and running crawls", response: list(crawlJobSchema) },
  'GET /api/crawls': { summary: 'Crawl history, filtered and paginated', response: paginatedSchema(crawlJobSchema) },
  'GET /api/crawls/:id': { summary: 'One crawl with its progress', response: crawlJobSchema },
  'POST /api/crawls/:id/cancel': {
    summary: 'Cancel a queued or running crawl (it keeps what it fetched)',
    response: crawlJobSchema,
    errors: { 409: 'The crawl has already ended' },
  },
  'GET /api/crawls/:id/results': { summary: "A crawl's pages, paginated", response: paginatedSchema(crawlPageSchema) },
  'GET /api/crawls/:id/changes': {
    summary: "What changed since the vendor's previous completed crawl: the summary and the pages added, removed or changed",
    description: 'Policy pages come first in the page list. 404 also while the crawl is not yet compared.',
    response: crawlChangesSchema,
  },
  'GET /api/crawls/:id/changes/pages/:pageChangeId': {
    summary: "One changed page's main text, diffed word by word",
    description: 'Bounded: a page with too many changes answers with its number of lines added and removed instead.',
    response: pageChangeDiffSchema,
    errors: { ...userRateLimited, 503: 'Too many diffs are being computed; try again in a moment' },
  },
  'GET /api/alerts/channels': {
    summary: "The user's alert channels (email addresses, webhooks)",
    response: list(alertChannelSchema),
  },
  'POST /api/alerts/channels': {
    summary: 'Add an alert channel; a webhook gets its signing secret in this answer only',
    response: createdAlertChannelSchema,
    description:
      'An email channel stays pending (nothing is sent to it) until the link emailed to its address is opened; it needs SMTP. Webhooks receive a JSON POST with X-Vendorwatch-Timestamp (Unix seconds) and X-Vendorwatch-Signature: sha256=HMAC-SHA256(secret, "timestamp.body"); reject old timestamps against replay.',
    errors: {
      409: 'A channel to this address exists already',
      502: 'The confirmation email could not be sent',
      ...userRateLimited,
    },
  },
  'DELETE /api/alerts/channels/:id': { ...deleted, summary: 'Remove an alert channel' },
  'POST /api/alerts/channels/:id/test': {
    summary: 'Send a test alert to a confirmed channel (queued; see deliveries)',
    response: alertDeliverySchema,
    errors: { 409: 'The email address is not confirmed yet', ...userRateLimited },
    description: 'Counted against the expensive-request allowance; a channel takes one message the user asks for per cooldown.',
  },
  'POST /api/alerts/channels/:id/confirmation': {
    summary: "Send a pending email channel's confirmation link again (the previous link stops working)",
    response: alertChannelSchema,
    errors: { 409: 'The address is confirmed already', 502: 'The confirmation email could not be sent', ...userRateLimited },
  },
  'POST /api/alerts/confirm-email': {
    summary: 'Confirm an email channel with the token of the link sent to its address (single use, expires)',
    response: confirmedAlertEmailSchema,
    errors: { 400: 'The link is invalid, used or expired' },
  },
  'GET /api/alerts/rules': { summary: "The user's alert rules", response: list(alertRuleSchema) },
  'POST /api/alerts/rules': {
    summary: 'Add an alert rule',
    response: alertRuleSchema,
    errors: { 409: 'A rule of this kind with these settings exists already' },
  },
  'DELETE /api/alerts/rules/:id': { ...deleted, summary: 'Remove an alert rule' },
  'GET /api/alerts/deliveries': {
    summary: 'Alerts sent, newest first, with outcome and attempts',
    response: paginatedSchema(alertDeliverySchema),
  },
  'GET /api/vendors/:id/timeline': {
    summary: "A vendor's crawls newest first, with rate, label and what each one changed",
    response: paginatedSchema(timelineEntrySchema),
  },
  'GET /api/crawls/:id/pages/:pageId/screenshot': {
    summary: "A page's screenshot",
    response: z.string().meta({ format: 'binary' }),
    contentType: 'image/png',
  },
  'POST /api/edge-functions/start-crawler': {
    summary:
      "Start the crawler page's session crawl of a vendor (or answer the vendor's crawl already going, whose sessionId is null when it was started elsewhere)",
    response: crawlJobSchema,
    errors: { 409: 'The crawl could not be started', ...userRateLimited },
  },
  'POST /api/edge-functions/stop-crawler': {
    summary: "Stop a session's crawl (by session_id, or by job_id for one started elsewhere)",
    response: crawlJobSchema,
  },
  'GET /api/crawler-results': {
    summary: "The pages a session's crawl found (by session_id, or by job_id)",
    response: list(crawlPageSchema),
  },

  'GET /api/dashboard/summary': { summary: "The caller's dashboard figures", response: dashboardSummarySchema },
  'GET /api/dashboard/charts': {
    summary: 'Crawls per day over the last 30 days and response times per vendor',
    response: dashboardChartsSchema,
  },

  'GET /api/reports': {
    summary: 'Compliance assessments, filtered and paginated',
    response: paginatedSchema(reportSummarySchema),
  },
  'GET /api/reports/summary': {
    summary: 'The reports screen: tiles and each vendor’s standing for the filters',
    response: reportsOverviewSchema,
  },
  'GET /api/reports/:id': { summary: 'One assessment with every check and its evidence', response: reportDetailSchema },
  'POST /api/reports/:id/reassess': {
    summary: 'Judges the report’s crawl again with the current checks; the same report id',
    response: reportDetailSchema,
    errors: { ...userRateLimited, 503: 'Too many reports are being re-assessed, or this one took longer than its budget' },
  },
  'POST /api/reports/:id/export': {
    summary: 'One assessment’s report as a file (report-{timestamp}.pdf, .csv or .xlsx)',
    status: 200,
    response: z.string().meta({ format: 'binary' }),
    contentType: 'application/octet-stream',
    description: 'Content-Type is application/pdf, text/csv or the Excel type; Content-Disposition names the file.',
    errors: userRateLimited,
  },
  'POST /api/reports/export': {
    summary: 'The filtered report as a file (report-{timestamp}.pdf, .csv or .xlsx)',
    status: 200,
    response: z.string().meta({ format: 'binary' }),
    contentType: 'application/octet-stream',
    description: 'Content-Type is application/pdf, text/csv or the Excel type; Content-Disposition names the file.',
    errors: userRateLimited,
  },

  'GET /api/docs/openapi.json': {
    summary: 'This document (OpenAPI 3.1); the UI is at /api/docs',
    response: z.record(z.string(), z.unknown()),
  },
  'GET /metrics': {
    summary: 'Prometheus metrics (404 unless METRICS_TOKEN is set)',
    response: z.string(),
    contentType: 'text/plain; version=0.0.4',
    auth: 'metrics',
  },

  // The embedded, Supabase-compatible auth that @supabase/supabase-js calls (absent with SUPABASE_URL).
  'POST /auth/v1/signup': {
    summary: 'Sign up with email and password',
    response: z.union([tokenResponseSchema, goTrueUserSchema]),
    description: 'A session when sign-ups are confirmed at once (AUTH_AUTOCONFIRM), else the new user awaiting confirmation.',
    errors: { 422: 'Weak password or already registered', ...rateLimited },
  },
  'POST /auth/v1/token': {
    summary:
      'Sign in (grant_type=password), refresh a session (grant_type=refresh_token), or redeem the code an SSO sign-in returned with (grant_type=pkce)',
    response: tokenResponseSchema,
    errors: rateLimited,
  },
  'GET /auth/v1/verify': {
    summary: 'An emailed link: redirects to the page of the app that confirms it',
    response: null,
    alsoStatus: { 303: 'Redirect to /confirm or /reset-password' },
    errors: rateLimited,
  },
  'POST /auth/v1/verify': {
    summary: 'Confirm an email or a password reset with its token',
    response: tokenResponseSchema,
    errors: { 403: 'The link is invalid or has expired', ...rateLimited },
  },
  'POST /auth/v1/recover': {
    summary: 'Email a password-reset link (answers the same whether or not the account exists)',
    response: z.object({}),
    errors: rateLimited,
  },
  'POST /auth/v1/resend': {
    summary: "Email a pending sign-up's confirmation link again (answers the same whether or not the account exists)",
    response: z.object({}),
    errors: { 400: 'Only type signup, with an email', ...rateLimited },
  },
  'GET /auth/v1/user': { summary: 'The signed-in user', response: goTrueUserSchema, auth: 'bearer' },
  'PUT /auth/v1/user': {
    summary: 'Change the password (the current one, or the nonce reauthenticate emailed, is asked for)',
    response: goTrueUserSchema,
    auth: 'bearer',
    errors: { 400: 'Current password or nonce missing or wrong', 422: 'Weak or unchanged password', ...rateLimited },
  },
  'GET /auth/v1/reauthenticate': {
    summary: 'Email the signed-in user a nonce for a password change (one a minute)',
    response: z.object({}),
    auth: 'bearer',
    errors: rateLimited,
  },
  'POST /auth/v1/reauthenticate': {
    summary: 'Email the signed-in user a nonce for a password change (one a minute)',
    response: z.object({}),
    auth: 'bearer',
    errors: rateLimited,
  },
  'POST /auth/v1/logout': {
    summary: 'Sign out (scope global, local or others)',
    response: null,
    auth: 'bearer',
    errors: { 403: 'Ending other sessions needs an aal2 session when the account has a second factor' },
  },
  'GET /auth/v1/authorize': {
    summary: "Sign in with the company's OpenID Connect provider (provider=oidc, with a PKCE code_challenge): redirects to it",
    response: null,
    status: 302,
    errors: { 400: 'Another provider, SSO not configured, or no code_challenge', ...rateLimited },
  },
  'GET /auth/v1/callback': {
    summary: "The identity provider's return: redirects to the app's redirect_to with ?code= (or ?error= and error_description)",
    response: null,
    status: 303,
    errors: rateLimited,
  },
  'GET /auth/v1/settings': { summary: "The auth server's settings", response: z.record(z.string(), z.unknown()) },
  'GET /auth/v1/health': { summary: 'The auth server answers', response: z.record(z.string(), z.string()) },
  'GET /auth/v1/.well-known/jwks.json': { summary: 'Public keys that verify access tokens', response: jwksSchema },
  'POST /auth/v1/factors': {
    summary: 'Enrol a TOTP factor (unverified until its first code)',
    response: enrolledFactorSchema,
    auth: 'bearer',
    errors: { 422: 'A factor with this name exists, or too many factors', ...rateLimited },
  },
  'POST /auth/v1/factors/:factorId/challenge': {
    summary: 'Open a challenge for a factor',
    response: mfaChallengeSchema,
    auth: 'bearer',
    errors: rateLimited,
  },
  'POST /auth/v1/factors/:factorId/verify': {
    summary: "Verify a challenge with the authenticator's code or a recovery code (the session becomes aal2)",
    response: tokenResponseSchema,
    auth: 'bearer',
    errors: {
      422: 'Wrong or expired code',
      429: 'Too many attempts from this address, or too many wrong codes (the challenge is spent, or the factor locked for a while)',
    },
  },
  'POST /auth/v1/factors/:factorId/recovery-codes': {
    summary: 'Issue ten single-use recovery codes for a verified factor (the earlier ones stop working)',
    response: recoveryCodesSchema,
    auth: 'bearer',
    errors: { 403: 'An aal2 session is needed', 422: 'The factor is not verified yet', ...rateLimited },
  },
  'DELETE /auth/v1/factors/:factorId': {
    summary: 'Remove a factor',
    response: z.object({ id: z.uuid() }),
    auth: 'bearer',
    errors: { 422: 'An aal2 session is needed to remove a verified factor', ...rateLimited },
  },
  ...TEAMS_ROUTE_DOCS,
  ...INVENTORY_ROUTE_DOCS,
  ...PROGRAMME_OVERVIEW_ROUTE_DOCS,
  ...PROGRAMME_ROUTE_DOCS,
  ...RISK_ACCEPTANCE_ROUTE_DOCS,
  ...REMEDIATION_ROUTE_DOCS,
  ...QUESTIONNAIRE_ROUTE_DOCS,
};
