import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentGrades } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/reports/:id/grades`: the grades and what fixing each failing check would give. */
export const getReportGrades = ({ reportId, signal }: { reportId: string; signal?: AbortSignal }) =>
  api.get<AssessmentGrades>(`/api/reports/${encodeURIComponent(reportId)}/grades`, { signal });

export const getReportGradesQueryOptions = (reportId: string) =>
  queryOptions({ queryKey: ['report-grades', reportId], queryFn: ({ signal }) => getReportGrades({ reportId, signal }) });

export const useReportGrades = (reportId: string) => useQuery(getReportGradesQueryOptions(reportId));
