import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPosture } from '@vendorwatch/contracts';
import { api } from '@/lib/api-client';

/** `GET /api/dashboard/posture`: spoofable mail, expiring certificates, grades, vulnerable libraries, top third parties. */
export const getDashboardPosture = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<DashboardPosture>('/api/dashboard/posture', { signal });

export const getDashboardPostureQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard', 'posture'], queryFn: ({ signal }) => getDashboardPosture({ signal }) });

export const useDashboardPosture = () => useQuery(getDashboardPostureQueryOptions());
