import { z } from 'zod';
import { REPORT_EXPORT_FORMATS } from '../compliance';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { paginationQuerySchema } from './crawl-job';

const M = MESSAGES.reports;

const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` naming a real day (no 2025-02-30). */
export const isCalendarDate = (value: string): boolean =>
  YMD.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** An empty field (a cleared form input, `?startDate=`) means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

const reportDate = z.preprocess(
  blankAsAbsent,
  z
    .string({ error: M.invalidDate })
    .max(10, { error: M.invalidDate })
    .refine(isCalendarDate, { error: M.invalidDate })
    .refine((value) => value >= LIMITS.reportDates.earliest && value <= LIMITS.reportDates.latest, {
      error: M.dateOutOfRange,
    })
    .optional(),
);

const filterFields = {
  /** First UTC day of the period, included. */
  startDate: reportDate,
  /** Last UTC day of the period, included. */
  endDate: reportDate,
  vendorId: z.preprocess(blankAsAbsent, z.uuid({ error: M.invalidVendor }).optional()),
};

// Same-width YYYY-MM-DD strings compare as the days they name.
const endNotBeforeStart = (value: { startDate?: string; endDate?: string }) =>
  !value.startDate || !value.endDate || value.endDate >= value.startDate;
const endNotBeforeStartRule = { error: M.endBeforeStart, path: ['endDate'] };

/** The reports' filters: the Reports screen's filter form and every reports endpoint validate with this. */
export const reportFiltersSchema = z.object(filterFields).refine(endNotBeforeStart, endNotBeforeStartRule);
export type ReportFiltersInput = z.input<typeof reportFiltersSchema>;
export type ReportFilters = z.output<typeof reportFiltersSchema>;

/** GET /api/reports: the filters and a page. */
export const reportListQuerySchema = z
  .object({ ...filterFields, ...paginationQuerySchema.shape })
  .refine(endNotBeforeStart, endNotBeforeStartRule);
export type ReportListQuery = z.output<typeof reportListQuerySchema>;

const exportFormat = z.enum(REPORT_EXPORT_FORMATS, { error: M.invalidFormat });

/** POST /api/reports/export. */
export const reportExportSchema = z.object({
  format: exportFormat,
  filters: reportFiltersSchema.default({}),
});
export type ReportExportRequest = z.output<typeof reportExportSchema>;

/** POST /api/reports/{id}/export: one assessment's report, from its page. */
export const singleReportExportSchema = z.object({ format: exportFormat });
export type SingleReportExportRequest = z.output<typeof singleReportExportSchema>;
