/**
 * Change detection: each completed crawl compared with the same vendor's previous completed crawl.
 * The zod schemas describe the API's answers (the OpenAPI document is built from them); the types
 * are inferred from them, so the two cannot disagree.
 */
import { z } from 'zod';
import { CHECK_OUTCOMES, CHECK_SEVERITIES, COMPLIANCE_LABELS } from './compliance';
import { CRAWL_JOB_STATUSES, CRAWL_METHODS } from './crawl';
import { MESSAGES } from './messages';
import { isoDateTime, pageLimitQuery, pageQuery } from './schemas/common';

/** Pages whose change matters more than others': what a vendor promises about data and its use. */
export const POLICY_PAGE_KINDS = ['privacy', 'terms', 'cookies', 'dpa'] as const;
export type PolicyPageKind = (typeof POLICY_PAGE_KINDS)[number];
export const POLICY_PAGE_KIND_LABELS: Record<PolicyPageKind, string> = {
  privacy: 'Privacy policy',
  terms: 'Terms',
  cookies: 'Cookie policy',
  dpa: 'DPA / subprocessors',
};

export const PAGE_CHANGE_KINDS = ['added', 'removed', 'changed'] as const;
export type PageChangeKind = (typeof PAGE_CHANGE_KINDS)[number];

const label = z.enum(COMPLIANCE_LABELS);

export const findingChangeSchema = z
  .object({
    checkId: z.string(),
    title: z.string(),
    severity: z.enum(CHECK_SEVERITIES),
    outcome: z.enum(CHECK_OUTCOMES),
    previousOutcome: z.enum(CHECK_OUTCOMES).nullable().meta({ description: 'null: the check was not in the earlier assessment' }),
    newFindings: z.array(z.string()).optional().meta({
      description:
        'What the check found that its earlier result did not (a vulnerable library version or advisory, a tracker, a failing host); with an unchanged outcome, why it is new',
    }),
  })
  .meta({ id: 'FindingChange' });
export type FindingChange = z.output<typeof findingChangeSchema>;

export const crawlChangeSummarySchema = z
  .object({
    id: z.uuid(),
    crawlJobId: z.uuid(),
    previousCrawlJobId: z
      .uuid()
      .nullable()
      .meta({ description: "null: the vendor's first completed crawl (nothing to compare)" }),
    vendorId: z.uuid().nullable(),
    comparedAt: isoDateTime,
    pagesBefore: z.number().int(),
    pagesAfter: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    changedPercent: z
      .number()
      .meta({ description: 'Pages added, removed or changed, as a share of the pages of both crawls (0–100)' }),
    policyPagesChanged: z
      .number()
      .int()
      .meta({ description: 'Policy pages (privacy, terms, cookies, DPA) added, removed or changed' }),
    findingsNew: z.array(findingChangeSchema),
    findingsResolved: z.array(findingChangeSchema),
    findingsNotComparable: z.array(findingChangeSchema).meta({
      description:
        'Checks one of the two crawls did not evaluate (another method, another sample): neither new nor resolved, and no alert',
    }),
    methodBefore: z
      .enum(CRAWL_METHODS)
      .nullable()
      .meta({ description: "The previous crawl's method; null when there is none or it was not recorded" }),
    methodAfter: z.enum(CRAWL_METHODS).nullable(),
    rateBefore: z.number().nullable(),
    rateAfter: z.number().nullable(),
    labelBefore: label.nullable(),
    labelAfter: label.nullable(),
  })
  .meta({ id: 'CrawlChangeSummary' });
export type CrawlChangeSummary = z.output<typeof crawlChangeSummarySchema>;

export const pageChangeSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    kind: z.enum(PAGE_CHANGE_KINDS),
    policyKind: z.enum(POLICY_PAGE_KINDS).nullable(),
    titleBefore: z.string().nullable(),
    titleAfter: z.string().nullable(),
  })
  .meta({ id: 'PageChange' });
export type PageChange = z.output<typeof pageChangeSchema>;

export const crawlChangesSchema = z
  .object({
    summary: crawlChangeSummarySchema,
    pages: z.object({
      items: z.array(pageChangeSchema),
      total: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  })
  .meta({ id: 'CrawlChanges', description: "A crawl's comparison with the vendor's previous completed crawl" });
export type CrawlChanges = z.output<typeof crawlChangesSchema>;

export const diffSegmentSchema = z.object({ kind: z.enum(['equal', 'added', 'removed']), text: z.string() });
export type DiffSegmentView = z.output<typeof diffSegmentSchema>;

export const pageChangeDiffSchema = z
  .object({
    change: pageChangeSchema,
    segments: z
      .array(diffSegmentSchema)
      .nullable()
      .meta({ description: 'The main text word by word; null when there are too many changes to show' }),
    tooManyChanges: z
      .object({ linesAdded: z.number().int(), linesRemoved: z.number().int() })
      .nullable()
      .meta({ description: 'Set instead of segments when the changes are too many to show word by word' }),
  })
  .meta({ id: 'PageChangeDiff' });
export type PageChangeDiff = z.output<typeof pageChangeDiffSchema>;

export const timelineEntrySchema = z
  .object({
    crawlJobId: z.uuid(),
    status: z.enum(CRAWL_JOB_STATUSES),
    method: z.enum(CRAWL_METHODS),
    createdAt: isoDateTime,
    completedAt: isoDateTime.nullable(),
    error: z.string().nullable(),
    pagesDone: z.number().int(),
    rate: z.number().nullable(),
    label: label.nullable(),
    changes: z
      .object({
        previousCrawlJobId: z.uuid().nullable(),
        added: z.number().int(),
        removed: z.number().int(),
        changed: z.number().int(),
        changedPercent: z.number(),
        policyPagesChanged: z.number().int(),
        findingsNew: z.number().int(),
        findingsResolved: z.number().int(),
        findingsNotComparable: z.number().int(),
        methodBefore: z
          .enum(CRAWL_METHODS)
          .nullable()
          .meta({ description: "The previous crawl's method: when it differs, some checks are not comparable" }),
      })
      .nullable()
      .meta({ description: 'null until the crawl is compared (completed crawls only)' }),
  })
  .meta({ id: 'TimelineEntry' });
export type TimelineEntry = z.output<typeof timelineEntrySchema>;

/** GET /api/crawls/:id/changes query: the page changes' page, optionally one kind. */
export const crawlChangesQuerySchema = z.object({
  kind: z.enum(PAGE_CHANGE_KINDS, { error: MESSAGES.changes.unknownKind }).optional(),
  page: pageQuery,
  limit: pageLimitQuery,
});
export type CrawlChangesQuery = z.output<typeof crawlChangesQuerySchema>;
