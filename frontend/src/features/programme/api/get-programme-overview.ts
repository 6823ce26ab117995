import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgrammeOverview } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/programme/overview`: vendors by tier and grade, and what is due (reviews, requests, acceptances). */
export const getProgrammeOverview = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<ProgrammeOverview>('/api/programme/overview', { signal });

export const getProgrammeOverviewQueryOptions = () =>
  queryOptions({ queryKey: ['programme', 'overview'], queryFn: ({ signal }) => getProgrammeOverview({ signal }) });

export const useProgrammeOverview = () => useQuery(getProgrammeOverviewQueryOptions());
