/**
 * The analyst's vendors list (issue 39): its query (search, sort, filters, page), its answer, and the
 * import and move that fill it.
 */
import { z } from 'zod';
import { COMPLIANCE_LABELS } from '../compliance';
import { CRAWL_JOB_STATUSES } from '../crawl';
import { GRADE_LETTERS } from '../grades';
import { LIMITS } from '../limits';
import { fill, MESSAGES } from '../messages';
import { REVIEW_STATUSES, VENDOR_TIER_FILTERS } from '../programme';
import { vendorListItemSchema } from '../types';
import { pageQuery } from './common';

const L = LIMITS.vendorList;
const M = MESSAGES.vendorList;

/** The columns the list sorts by; `createdAt` (newest first) when none is asked for. */
export const VENDOR_LIST_SORTS = [
  'name',
  'grade',
  'rate',
  'label',
  'vulnerableLibraries',
  'lastAssessedAt',
  'lastCrawl',
  'createdAt',
] as const;
export type VendorListSort = (typeof VENDOR_LIST_SORTS)[number];
export const VENDOR_LIST_ORDERS = ['asc', 'desc'] as const;
export type VendorListOrder = (typeof VENDOR_LIST_ORDERS)[number];

/**
 * The order a column sorts in when the request names none: names and grades from the top of the
 * alphabet (A first), figures and times from the largest and newest.
 */
export const defaultOrderOf = (sort: VendorListSort): VendorListOrder => (sort === 'name' || sort === 'grade' ? 'asc' : 'desc');

/** `none`: vendors without one (never assessed, nothing judged, never crawled). */
export const NOT_YET = 'none';
export const VENDOR_GRADE_FILTERS = [...GRADE_LETTERS, NOT_YET] as const;
export const VENDOR_LABEL_FILTERS = [...COMPLIANCE_LABELS, NOT_YET] as const;
export const VENDOR_CRAWL_STATE_FILTERS = [...CRAWL_JOB_STATUSES, NOT_YET] as const;
export type VendorGradeFilter = (typeof VENDOR_GRADE_FILTERS)[number];
export type VendorLabelFilter = (typeof VENDOR_LABEL_FILTERS)[number];
export type VendorCrawlStateFilter = (typeof VENDOR_CRAWL_STATE_FILTERS)[number];

/** An empty parameter (`?grade=`, as a form with nothing chosen sends) means no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * `GET /api/vendors?q=&sort=&order=&grade=&label=&crawlState=&page=&limit=`: `q` matches the name, the URL
 * or a listed domain (case-insensitive, anywhere in them); the default page holds the whole workspace
 * (at most VENDORS_PER_USER vendors), the app's list asks for smaller ones.
 */
export const vendorListQuerySchema = z.object({
  q: optional(
    z
      .string()
      .trim()
      .max(L.searchMaxLength, { error: fill(M.searchTooLong, { max: L.searchMaxLength }) }),
  ),
  sort: z.enum(VENDOR_LIST_SORTS, { error: fill(M.invalidSort, { values: VENDOR_LIST_SORTS.join(', ') }) }).default('createdAt'),
  order: optional(z.enum(VENDOR_LIST_ORDERS, { error: M.invalidOrder })),
  grade: optional(z.enum(VENDOR_GRADE_FILTERS, { error: M.invalidGrade })),
  label: optional(z.enum(VENDOR_LABEL_FILTERS, { error: M.invalidLabel })),
  crawlState: optional(
    z.enum(VENDOR_CRAWL_STATE_FILTERS, { error: fill(M.invalidCrawlState, { values: VENDOR_CRAWL_STATE_FILTERS.join(', ') }) }),
  ),
  tier: optional(z.enum(VENDOR_TIER_FILTERS, { error: fill(M.invalidTier, { values: VENDOR_TIER_FILTERS.join(', ') }) })),
  reviewStatus: optional(z.enum(REVIEW_STATUSES, { error: fill(M.invalidReviewStatus, { values: REVIEW_STATUSES.join(', ') }) })),
  page: pageQuery,
  limit: z.coerce
    .number({ error: fill(MESSAGES.generic.limitInvalid, L) })
    .int({ error: fill(MESSAGES.generic.limitInvalid, L) })
    .min(1, { error: fill(MESSAGES.generic.limitInvalid, L) })
    .max(L.maxLimit, { error: fill(MESSAGES.generic.limitInvalid, L) })
    .default(L.defaultLimit),
});
export type VendorListQuery = z.output<typeof vendorListQuerySchema>;
export type VendorListQueryInput = z.input<typeof vendorListQuerySchema>;

/** `GET /api/vendors`: one page of the list, and how many vendors match the filters in all. */
export const vendorListPageSchema = z
  .object({
    items: z.array(vendorListItemSchema),
    total: z.number().int().meta({ description: 'Vendors matching the search and filters, on every page' }),
  })
  .meta({ id: 'VendorListPage' });
export type VendorListPage = z.output<typeof vendorListPageSchema>;

// Import

export const VENDOR_IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type VendorImportFormat = (typeof VENDOR_IMPORT_FORMATS)[number];

/** The columns of an import file, in the template's order; only `name` is required. */
export const VENDOR_IMPORT_COLUMNS = ['name', 'url', 'domains', 'dkim selectors', 'description'] as const;

/** `GET /api/vendors/import/template?format=csv|xlsx` */
export const vendorImportTemplateQuerySchema = z.object({
  format: z.enum(VENDOR_IMPORT_FORMATS, { error: M.importFileType }).default('csv'),
});

/** A row of the file (numbered as a spreadsheet numbers it: the header is row 1) and why it was not added. */
export const vendorImportSkipSchema = z.object({ row: z.number().int(), reason: z.string() });

/** `POST /api/vendors/import`, 201: the vendors added, the rows left out (the same URL as a vendor kept already). */
export const vendorImportResultSchema = z
  .object({
    created: z.number().int().meta({ description: 'Vendors added' }),
    skipped: z.array(vendorImportSkipSchema).meta({ description: 'Rows not added: a vendor with the same URL exists' }),
  })
  .meta({ id: 'VendorImportResult' });
export type VendorImportResult = z.output<typeof vendorImportResultSchema>;

/** `POST /api/vendors/import`, 400: every bad row and column; nothing was added. */
export const vendorImportErrorSchema = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    errors: z.array(z.object({ row: z.number().int(), column: z.string(), reason: z.string() })),
  })
  .meta({ id: 'VendorImportError' });
export type VendorImportError = z.output<typeof vendorImportErrorSchema>;
export type VendorImportRowError = VendorImportError['errors'][number];

// Move

/** `POST /api/vendors/move`: vendors of the request's workspace, to another where the caller is admin or owner. */
export const moveVendorsSchema = z.object({
  vendorIds: z
    .array(z.uuid({ error: MESSAGES.vendors.notFound }), { error: M.moveNeedsVendors })
    .min(1, { error: M.moveNeedsVendors })
    .max(L.moveMaxVendors, { error: fill(M.moveTooMany, { max: L.moveMaxVendors }) })
    .transform((ids) => [...new Set(ids)]),
  toWorkspaceId: z.uuid({ error: MESSAGES.access.notMember }),
});
export type MoveVendors = z.output<typeof moveVendorsSchema>;

export const moveVendorsResultSchema = z.object({ moved: z.number().int() }).meta({ id: 'MoveVendorsResult' });
export type MoveVendorsResult = z.output<typeof moveVendorsResultSchema>;
