import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { reportExportSchema, reportFiltersSchema, reportListQuerySchema } from './report';

const M = MESSAGES.reports;
const VENDOR = '11111111-1111-4111-8111-111111111111';
const firstError = (
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error?.issues[0]?.message;
};

describe('report filters', () => {
  it('accepts a period and a vendor, and treats blank fields as no filter', () => {
    expect(reportFiltersSchema.parse({ startDate: '2025-01-01', endDate: '2025-01-01', vendorId: VENDOR })).toEqual({
      startDate: '2025-01-01',
      endDate: '2025-01-01',
      vendorId: VENDOR,
    });
    expect(reportFiltersSchema.parse({ startDate: '', endDate: '', vendorId: null })).toEqual({});
  });

  it.each([
    [{ startDate: '2025-13-01' }, M.invalidDate],
    [{ startDate: '2025-02-30' }, M.invalidDate],
    [{ endDate: '01/02/2025' }, M.invalidDate],
    [{ endDate: '2025-01-01T00:00:00Z' }, M.invalidDate],
    [{ startDate: 20250101 }, M.invalidDate],
    [{ startDate: '0000-01-01' }, M.dateOutOfRange],
    [{ endDate: '9999-12-31' }, M.dateOutOfRange],
    [{ startDate: '2025-02-01', endDate: '2025-01-31' }, M.endBeforeStart],
    [{ vendorId: 'acme' }, M.invalidVendor],
  ])('%j → "%s"', (input, message) => {
    expect(firstError(reportFiltersSchema, input)).toBe(message);
  });

  it('names the range of days it accepts in its message', () => {
    expect(M.dateOutOfRange).toContain(LIMITS.reportDates.earliest);
    expect(M.dateOutOfRange).toContain(LIMITS.reportDates.latest);
    expect(
      reportFiltersSchema.safeParse({ startDate: LIMITS.reportDates.earliest, endDate: LIMITS.reportDates.latest }).success,
    ).toBe(true);
  });

  it('puts the end-before-start problem on the end date, for the form', () => {
    const result = reportFiltersSchema.safeParse({ startDate: '2025-02-01', endDate: '2025-01-31' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toEqual([['endDate']]);
  });

  it('pages the list like the other lists and checks the export format', () => {
    expect(reportListQuerySchema.parse({ page: '2' })).toEqual({ page: 2, limit: 20 });
    expect(firstError(reportListQuerySchema, { startDate: '2025-02-01', endDate: '2025-01-01' })).toBe(M.endBeforeStart);
    expect(reportExportSchema.parse({ format: 'excel' })).toEqual({ format: 'excel', filters: {} });
    expect(firstError(reportExportSchema, { format: 'docx' })).toBe(M.invalidFormat);
    expect(firstError(reportExportSchema, { format: 'pdf', filters: { vendorId: 'x' } })).toBe(M.invalidVendor);
  });
});
