import {
  REPORT_EXPORT_FORMATS,
  reportFiltersSchema,
  reportListQuerySchema,
  type ReportExportFormat,
  type ReportFilters,
} from '@vendorwatch/contracts';

/** What the Reports screen keeps in its address: the filters, the list's page and the export format. */
export interface ReportSearch {
  filters: ReportFilters;
  page: number;
  format: ReportExportFormat;
}

const fields = reportFiltersSchema.shape;

/** A value the API would refuse (a hand-edited or stale address) is ignored rather than turned into a 400. */
const valid = <T>(
  schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
  raw: string | null,
): T | undefined => {
  if (raw === null || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
};

const isFormat = (value: string | null): value is ReportExportFormat =>
  (REPORT_EXPORT_FORMATS as readonly (string | null)[]).includes(value);

export function readReportSearch(params: URLSearchParams): ReportSearch {
  const startDate = valid(fields.startDate, params.get('startDate'));
  let endDate = valid(fields.endDate, params.get('endDate'));
  if (startDate && endDate && endDate < startDate) endDate = undefined;
  const filters: ReportFilters = {};
  if (startDate) filters.startDate = startDate;
  if (endDate) filters.endDate = endDate;
  const vendorId = valid(fields.vendorId, params.get('vendorId'));
  if (vendorId) filters.vendorId = vendorId;
  const format = params.get('format');
  return {
    filters,
    page: valid(reportListQuerySchema.shape.page, params.get('page')) ?? 1,
    format: isFormat(format) ? format : 'pdf',
  };
}

/** The address for new filters: another result set starts on its first page; the format stays. */
export function withFilters(current: URLSearchParams, filters: ReportFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of ['startDate', 'endDate', 'vendorId'] as const) {
    const value = filters[key];
    if (value) next.set(key, value);
  }
  const format = current.get('format');
  if (format) next.set('format', format);
  return next;
}

export function withParam(current: URLSearchParams, name: 'page' | 'format', value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set(name, value);
  return next;
}
